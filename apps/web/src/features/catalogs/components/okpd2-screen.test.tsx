import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogByRoute, catalogRoutes } from '@zakupki/shared/api/catalogs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, stubRoute } from '../../../test/stub-api';
import { Okpd2Screen } from './okpd2-screen';

const d = catalogByRoute('/catalogService')!;
const node = (
  id: number,
  code: string,
  title: string,
  parent: number | null,
  hasChildren: boolean,
  canWrite = false,
  path: { id: number; code: string; title: string }[] = [],
) => ({
  id,
  kind: 'okpd2' as const,
  type_code: null,
  subject_type: null,
  code,
  title,
  description: null,
  company_id: null,
  company_title: null,
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  parent_id: parent,
  parent_code: null,
  level: 0,
  has_children: hasChildren,
  path,
  can_write: canWrite,
  can_delete: canWrite,
});
const C = node(3, 'C', 'Продукция обрабатывающих производств', null, true);
const F = node(6, 'F', 'Сооружения и строительные работы', null, false);
const C26 = node(40, '26', 'Оборудование компьютерное, электронное и оптическое', 3, true);
const FOUND = node(90, '26.20.11.110', 'Компьютеры портативные массой не более 10 кг', 88, false, true, [
  { id: 3, code: 'C', title: 'Продукция обрабатывающих производств' },
  { id: 40, code: '26', title: 'Оборудование компьютерное, электронное и оптическое' },
  { id: 88, code: '26.20.11', title: 'Компьютеры портативные' },
]);

let calls: RecordedCall[];
let roots: ReturnType<typeof node>[];
beforeEach(() => {
  roots = [C, F];
  calls = apiCalls();
  stubRoute(catalogRoutes.okpd2.tree, (req) => {
    const parent = req.query.get('parent_id');
    if (parent === null) return roots;
    if (parent === '3') return [C26];
    throw new Error(`no children of ${parent} in this test`);
  });
  stubRoute(catalogRoutes.okpd2.list, { items: [FOUND], total: 1, page: 1, limit: 10 });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
});

describe('ОКПД2 as a tree', () => {
  it('shows the sections and loads a node’s children only when it is expanded', async () => {
    loginAs('operator');
    renderApp(<Okpd2Screen d={d} />, { path: d.route });
    const tree = await screen.findByRole('list', { name: 'Классификатор ОКПД2' });
    expect(within(tree).getByText('Продукция обрабатывающих производств')).toBeTruthy();
    // a leaf has no expand button
    expect(screen.queryByRole('button', { name: /Развернуть: F / })).toBeNull();
    expect(calls.some((c) => c.url.includes('parent_id='))).toBe(false);
    const toggle = screen.getByRole('button', { name: 'Развернуть: C Продукция обрабатывающих производств' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(await screen.findByText('Оборудование компьютерное, электронное и оптическое')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/catalogs/okpd2/tree?parent_id=3')).toBe(true);
    expect(
      screen
        .getByRole('button', { name: 'Свернуть: C Продукция обрабатывающих производств' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    // an operator reads the classifier: no write buttons
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Изменить/ })).toBeNull();
  });

  it('a search by code or name lists the matching codes with the codes and names of their path', async () => {
    loginAs('specialist');
    const { router } = renderApp(<Okpd2Screen d={d} />, { path: d.route });
    await screen.findByRole('list', { name: 'Классификатор ОКПД2' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Поиск' }), 'портативн');
    const table = await screen.findByRole('table', { name: 'Найденные коды ОКПД2' });
    expect(await within(table).findByText('Компьютеры портативные массой не более 10 кг')).toBeTruthy();
    const path = within(table).getByRole('list', { name: 'Место в классификаторе' });
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'C Продукция обрабатывающих производств',
      '› 26 Оборудование компьютерное, электронное и оптическое',
      '› 26.20.11 Компьютеры портативные',
    ]);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('портативн');
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/catalogs/okpd2?') && c.url.includes('q='))).toBe(true),
    );
    // the server lets this user change the code
    expect(
      within(table).getByRole('button', { name: 'Изменить: Компьютеры портативные массой не более 10 кг' }),
    ).toBeTruthy();
  });

  it('tree rows offer actions where the server says can_write', async () => {
    loginAs('operator');
    roots = [{ ...C, can_write: true }, F];
    renderApp(<Okpd2Screen d={d} />, { path: d.route });
    await screen.findByRole('list', { name: 'Классификатор ОКПД2' });
    expect(
      screen.getByRole('button', { name: 'Изменить: Продукция обрабатывающих производств' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Изменить: Сооружения и строительные работы' })).toBeNull();
    // adding codes stays with admin and specialists
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
  });
});
