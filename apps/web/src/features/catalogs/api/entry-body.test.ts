import { catalogByKey } from '@zakupki/shared/api/catalogs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { api } from '../../../lib/api-client';
import {
  type DescriptorOf,
  type EntryBody,
  type EntryKind,
  familyOf,
  type ListQuery,
  saveEntry,
} from './catalogs';
import { emptyValues, entryBody } from './entry-body';

function descriptor<K extends EntryKind>(key: string, kind: K): DescriptorOf<K> {
  const d = catalogByKey(key);
  if (d?.kind !== kind) throw new Error(`no ${kind} catalogue ${key}`);
  return { ...d, kind };
}
const methods = descriptor('methods', 'method');
const tariffs = descriptor('tariffs', 'tariff');

describe('the catalogue client takes the bodies and queries of the shared schemas', () => {
  it('types a family’s body by its shared input schema', () => {
    expectTypeOf<EntryBody<'method'>>().toHaveProperty('title').toEqualTypeOf<string>();
    expectTypeOf<EntryBody<'tariff'>>().toHaveProperty('max_users');
    expectTypeOf<{ code: number }>().not.toMatchTypeOf<EntryBody>();
  });

  it('refuses a wrong body or query key at compile time (checked by npm run typecheck)', () => {
    // Never called: these lines are for the compiler only.
    const compileOnly = () => {
      saveEntry(methods, null, { title: 'Аукцион в электронной форме', electronic: true });
      // @ts-expect-error a method's title is text
      saveEntry(methods, null, { title: 5 });
      // @ts-expect-error a method has no tariff limits
      saveEntry(methods, 1, { title: 'Запрос котировок', max_users: 3 });
      // @ts-expect-error a tariff needs its name
      saveEntry(tariffs, null, { code: 'basic' });
      // @ts-expect-error no family's list takes this parameter
      const query: ListQuery = { company: 1 };
      // @ts-expect-error nor does the call of a family's list
      void api(familyOf(methods).routes.list, { params: {}, query: { ...query, region: 'x' } });
    };
    expect(compileOnly).toBeTypeOf('function');
  });

  it('builds the body the schema takes, or the issues the server would answer', () => {
    const empty = entryBody(methods, emptyValues(methods), null);
    expect(empty).toEqual({ issues: [{ path: 'title', message: expect.any(String) }] });
    const filled = entryBody(
      methods,
      { ...emptyValues(methods), title: ' Аукцион ', electronic: true },
      null,
    );
    expect(filled).toMatchObject({ body: { title: 'Аукцион', electronic: true, company_id: null } });
  });
});
