import { updRoutes } from '@zakupki/shared';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { fixture, importAs } from '../import-uploads.factories.js';
import { addCustomer, importedContract } from '../imports.factories.js';

const t = testAppForFile();
let company: number;
let contractId: number;

/** The real 5.03 sample as `n` documents of its own number (each a new document of the same contract). */
function archive(from: number, n: number): Buffer {
  const xml = iconv.decode(fixture('upd', 'vscherbo__example-upd_5.03.xml'), 'win1251');
  const files: Record<string, Uint8Array> = {};
  for (let i = from; i < from + n; i++) {
    const doc = xml.replace('<СвСчФакт НомерДок="1"', `<СвСчФакт НомерДок="Ч-${i}"`);
    if (doc === xml) throw new Error('the sample has no НомерДок="1"');
    files[`upd-${i}.xml`] = new Uint8Array(iconv.encode(doc, 'win1251'));
  }
  return Buffer.from(zipSync(files));
}

/** Tables the УПД writer reads or writes, and savepoints: the statements of writing the files. */
const WRITER =
  /upd_documents|upd_lines|upd_line_mappings|contract_items|"contracts"|audit_log|savepoint|nextval/i;

/** Imports the archive, counting the writer's statements sent to PostgreSQL meanwhile. */
async function importCounting(zip: Buffer) {
  const pg = (await import('pg')).default;
  const original = pg.Client.prototype.query;
  let statements = 0;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    if (WRITER.test(text)) statements++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const run = await importAs(t, {
      company,
      kind: 'upd',
      files: [{ name: 'пачка.zip', data: zip }],
      as: 'client',
    });
    return { run, statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

beforeAll(async () => {
  company = t.ids.companies.client1;
  await addCustomer(t, company, '7805781663');
  const c = await importedContract(t, company, {
    number: 'КИП4828',
    contract_date: '2026-08-10',
    supplier_inn: '7804431521',
    customer_inn: '7805781663',
    price: '20151.00',
    items: [
      {
        name: 'Реле времени ARK5-S-A230',
        quantity: '2',
        price: '2991.00',
        amount: '5982.00',
        okei_code: '796',
      },
      {
        name: 'Реле времени ARK5-D-W240',
        quantity: '3',
        price: '4723.00',
        amount: '14169.00',
        okei_code: '796',
      },
    ],
  });
  contractId = c.id;
  // the client's first call logs in (an audit entry of its own): made before anything is counted
  const list = await t.call(updRoutes.list, { params: { company_id: company }, as: 'client' });
  expect(list.status).toBe(200);
});

describe('УПД files of one chunk are written set-wise', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'the statements of a chunk do not grow with its files; every file is stored, bound and mapped',
    async () => {
      const two = await importCounting(archive(1, 2));
      const eight = await importCounting(archive(3, 8));
      for (const [r, n] of [
        [two.run, 2],
        [eight.run, 8],
      ] as const) {
        expect(r.status, r.error ?? undefined).toBe('done');
        expect(r.result.created).toBe(n);
        expect(r.result.documents.map((d) => d.status)).toEqual(Array(n).fill('proposed'));
        expect(new Set(r.result.documents.map((d) => d.contract_id))).toEqual(new Set([contractId]));
      }
      // file by file, eight files cost at least six statements more per file than two
      expect(two.statements).toBeGreaterThan(0);
      expect(eight.statements).toBe(two.statements);
      // every line of every document mapped to its item
      const last = eight.run.result.documents.at(-1) as { id: number };
      const card = await t.call(updRoutes.get, {
        params: { company_id: company, id: last.id },
        as: 'client',
      });
      expect(card.status).toBe(200);
      expect(card.body.lines.map((l) => l.mapping?.contract_item_id ?? null)).toEqual([
        expect.any(Number),
        expect.any(Number),
      ]);
      expect(card.body.lines).toHaveLength(2);
    },
  );
});
