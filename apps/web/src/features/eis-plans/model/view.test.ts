import { describe, expect, it } from 'vitest';
import { patchView, readPlanView } from './view';

describe('plans screen state in the URL', () => {
  it('reads the plan, version, comparison and the positions filters', () => {
    const v = readPlanView(
      new URLSearchParams(
        'plan=7&version=64&from=63&to=64&q=воды&status=A&month=11&okpd2=26.20&has_contract=true&page=3&limit=50',
      ),
    );
    expect(v).toMatchObject({ plan: 7, version: 64, from: 63, to: 64 });
    expect(v.positions).toEqual({
      page: 3,
      limit: 50,
      status: 'A',
      method: undefined,
      month: 11,
      okpd2: '26.20',
      q: 'воды',
      has_procurement: undefined,
      has_contract: 'true',
    });
  });

  it('ignores values it does not know', () => {
    const v = readPlanView(new URLSearchParams('plan=x&status=Z&limit=33&type=OTHER&has_contract=1'));
    expect(v).toMatchObject({ plan: null, type: null });
    expect(v.positions).toMatchObject({ status: undefined, limit: 20, page: 1, has_contract: undefined });
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    const p = new URLSearchParams('plan=7&q=воды&page=4');
    expect(patchView(p, { month: 3 }).toString()).toBe('plan=7&q=%D0%B2%D0%BE%D0%B4%D1%8B&month=3');
    expect(patchView(p, { page: 5 }).get('q')).toBe('воды');
    expect(patchView(p, { q: null }).has('q')).toBe(false);
  });
});
