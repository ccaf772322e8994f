import { describe, expect, it } from 'vitest';
import { isEditable, transitionsFor } from './status';

describe('status buttons per status (the state machine)', () => {
  it.each([
    ['draft', ['Заключить', 'Отменить']],
    ['concluded', ['Исполнен', 'Расторгнуть']],
    ['executed', []],
    ['terminated', []],
    ['cancelled', []],
  ] as const)('%s → %j', (status, labels) => {
    expect(transitionsFor(status).map((t) => t.label)).toEqual(labels);
  });

  it('termination asks for a date and a reason; execution for a date', () => {
    const [executed, terminated] = transitionsFor('concluded');
    expect(executed).toMatchObject({ to: 'executed', needsDate: true, reasonRequired: false });
    expect(terminated).toMatchObject({ to: 'terminated', needsDate: true, reasonRequired: true });
  });

  it('only draft and concluded contracts are edited', () => {
    expect(
      ['draft', 'concluded', 'executed', 'terminated', 'cancelled'].filter((s) => isEditable(s as never)),
    ).toEqual(['draft', 'concluded']);
  });
});
