import { createHash } from 'node:crypto';
import { isStaff, type RnpLoadResult, type RnpLookupResult, type RnpStatus } from '@zakupki/shared';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { forbidden, invalidFile } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { ParseError } from '../../lib/parse-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { type ParsedRnp, parseOffThread } from './rnp.parsers.js';
import { inForce, lawOf, type RnpLaw } from './rnp.policy.js';
import { toEntry, toStatus } from './rnp.presenter.js';
import {
  entriesByInn,
  entriesInForceFor,
  findLoad,
  lockRnpLoads,
  type RnpEntryRow,
  type RnpMatchRow,
  replaceEntries,
  saveLoad,
} from './rnp.repository.js';

/** The database or an open transaction: the look-ups are read inside the caller's transaction. */
type Deps = { db: Tx };

/** Whether the register is loaded and which load is in force («проверка по РНП не выполнялась» when not). */
export async function rnpStatus(deps: Deps): Promise<RnpStatus> {
  return toStatus(await findLoad(deps.db));
}

/** One register entry found for a participant. */
export type RnpHit = { inn: string; kpp: string | null; entry: RnpEntryRow; kppMatches: boolean | null };

/**
 * The register entries in force on `onDate` (YYYY-MM-DD) for these participants: the check the bids
 * and analytics modules make. `checked: false` when the register was never loaded — the caller then
 * says that no РНП check was made, rather than that nothing was found. Matched by ИНН (the legal
 * entity); `kppMatches` tells whether the КПП agrees where both have one.
 */
export async function findInRnp(
  deps: Deps,
  participants: { inn: string; kpp?: string | null }[],
  onDate: string,
): Promise<{ checked: boolean; loadedAt: Date | null; hits: RnpHit[] }> {
  const load = await findLoad(deps.db);
  if (!load) return { checked: false, loadedAt: null, hits: [] };
  const inns = [...new Set(participants.map((p) => p.inn.trim()))];
  const entries = (await entriesByInn(deps.db, inns)).filter((e) => inForce(e, onDate));
  const hits: RnpHit[] = [];
  for (const p of participants) {
    const kpp = p.kpp?.trim() || null;
    for (const entry of entries)
      if (entry.inn === p.inn.trim())
        hits.push({ inn: entry.inn, kpp, entry, kppMatches: kpp && entry.kpp ? kpp === entry.kpp : null });
  }
  return { checked: true, loadedAt: load.loadedAt, hits };
}

/**
 * The same check for many subjects at once, each on its own date, in one statement (analytics'
 * red flag on a period's contracts): `subjects` is the caller's query with the columns `inn` and
 * `on_date` (and any others it wants back); every row of it with an entry in force on its date
 * comes back with that entry (one row per entry). `checked: false` when the register was never
 * loaded. Matched by ИНН only; the caller compares КПП if it has them.
 */
export async function matchInRnp<T>(
  deps: Deps,
  subjects: SQL,
): Promise<{ checked: boolean; loadedAt: Date | null; hits: RnpMatchRow<T>[] }> {
  const load = await findLoad(deps.db);
  if (!load) return { checked: false, loadedAt: null, hits: [] };
  return { checked: true, loadedAt: load.loadedAt, hits: await entriesInForceFor<T>(deps.db, subjects) };
}

function assertStaff(actor: Actor) {
  if (!isStaff(actor.role)) throw forbidden('Реестр недобросовестных поставщиков доступен сотрудникам');
}

/** GET /api/rnp (staff). */
export async function rnpStatusFor(deps: AppDeps, actor: Actor): Promise<RnpStatus> {
  assertStaff(actor);
  return rnpStatus(deps);
}

/** GET /api/rnp/entries (staff): every entry of the ИНН, in force on the date or not. */
export async function lookupRnp(
  deps: AppDeps,
  actor: Actor,
  q: { inn: string; kpp?: string; on?: string },
): Promise<RnpLookupResult> {
  assertStaff(actor);
  const on = q.on ?? todayMoscow();
  const status = await rnpStatus(deps);
  if (!status.loaded) return { checked: false, on, status, items: [] };
  const rows = await entriesByInn(deps.db, [q.inn]);
  return {
    checked: true,
    on,
    status,
    items: rows.map((e) => ({
      ...toEntry(e),
      in_force: inForce(e, on),
      kpp_matches: q.kpp && e.kpp ? q.kpp === e.kpp : null,
    })),
  };
}

export type RnpFile = { name: string; data: Buffer };

/**
 * Loads the register from a file: parsed off the event loop and checked whole first (a bad file is
 * refused naming the record and the column, nothing written), then every entry replaced in one
 * transaction with its load record and audit entry. The same file again writes nothing. Needs only
 * the database (the CLI has no other dependencies); `actor` null for the CLI.
 */
export async function loadRnp(
  deps: Deps,
  actor: Actor | null,
  file: RnpFile,
  meta: { source: string; law?: RnpLaw | null },
): Promise<RnpLoadResult> {
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const current = await findLoad(deps.db);
  if (current?.sha256 === sha256)
    return { loaded: false, reason: 'same', rows: current.rows, status: toStatus(current) };
  let parsed: ParsedRnp;
  try {
    parsed = await parseOffThread('rnp', file.data, meta.law ?? null);
  } catch (err) {
    if (err instanceof ParseError) throw invalidFile(`Файл «${file.name}» не принят: ${err.message}`);
    throw err;
  }
  if (parsed.rows.length === 0)
    throw invalidFile(`Файл «${file.name}» не принят: в нём нет ни одной записи реестра`);
  return deps.db.transaction(async (tx) => {
    await lockRnpLoads(tx);
    const again = await findLoad(tx);
    if (again?.sha256 === sha256)
      return { loaded: false, reason: 'same' as const, rows: again.rows, status: toStatus(again) };
    await replaceEntries(tx, parsed.rows);
    const values = {
      source: meta.source,
      fileName: file.name,
      format: parsed.format,
      sha256,
      rows: parsed.rows.length,
      loadedAt: new Date(),
      loadedBy: actor?.userId ?? null,
    };
    await saveLoad(tx, values);
    await audit(tx, actor, {
      action: 'import',
      entity: 'rnp',
      before: again ? { file_name: again.fileName, sha256: again.sha256, rows: again.rows } : null,
      after: { file_name: file.name, sha256, rows: parsed.rows.length, format: parsed.format },
    });
    return { loaded: true, rows: parsed.rows.length, status: toStatus((await findLoad(tx))!) };
  });
}

/** POST /api/rnp/load (admin): the law field, if sent, applies to a file that does not name its law. */
export async function uploadRnp(
  deps: AppDeps,
  actor: Actor,
  read: () => Promise<{ file: RnpFile; law?: string }>,
): Promise<RnpLoadResult> {
  if (actor.role !== 'admin')
    throw forbidden('Загружать реестр недобросовестных поставщиков может администратор');
  const { file, law } = await read();
  const chosen = law ? lawOf(law) : null;
  if (law && !chosen) throw invalidFile(`Закон «${law}»: ожидается 44-fz или 223-fz`);
  return loadRnp(deps, actor, file, { source: `загружено пользователем ${actor.login}`, law: chosen });
}
