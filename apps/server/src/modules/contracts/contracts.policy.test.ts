import type { ContractStatus } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  changedFields,
  editProblem,
  materialChanges,
  parsePublishedAt,
  transitionProblem,
} from './contracts.policy.js';

describe('contracts.policy', () => {
  it.each<[ContractStatus, ContractStatus, string | null]>([
    ['draft', 'concluded', null],
    ['draft', 'cancelled', null],
    ['concluded', 'executed', null],
    ['concluded', 'terminated', null],
    ['draft', 'draft', 'Договор уже в статусе «Проект»'],
    [
      'draft',
      'executed',
      'Нельзя перевести договор из статуса «Проект» в «Исполнен»: из него можно перейти только в «Заключен» или «Отменен»',
    ],
    [
      'executed',
      'concluded',
      'Нельзя перевести договор из статуса «Исполнен» в «Заключен»: этот статус окончательный',
    ],
  ])('%s → %s: %s', (from, to, problem) => {
    expect(transitionProblem(from, to)).toBe(problem);
    expect(allowedTransitions(from).includes(to)).toBe(problem === null);
  });

  it.each<[ContractStatus, boolean]>([
    ['draft', true],
    ['concluded', true],
    ['executed', false],
    ['terminated', false],
    ['cancelled', false],
  ])('a %s contract is editable: %s', (status, editable) => {
    expect(editProblem(status) === null).toBe(editable);
  });

  it.each<[Record<string, unknown>, Record<string, unknown>, string[], string[]]>([
    [{ price: '10.00', revision: 1 }, { price: '10.00', revision: 2 }, [], []],
    [{ price: '10.00', note: 'a' }, { price: '12.00', note: 'b' }, ['price', 'note'], ['price']],
    [
      { items: [{ id: 1, name: 'x', accepted_quantity: '0' }] },
      { items: [{ id: 2, name: 'x', accepted_quantity: '5' }] },
      [],
      [],
    ],
    [{ items: [{ name: 'x' }] }, { items: [{ name: 'y' }] }, ['items'], ['items']],
    [{ subject: 'a', updated_at: 'x' }, { subject: 'a', updated_at: 'y' }, [], []],
  ])('changes of %j → %j: %j, material %j', (before, after, changed, material) => {
    expect(changedFields(before, after).sort()).toEqual([...changed].sort());
    expect(materialChanges(before, after).sort()).toEqual([...material].sort());
  });

  it.each([
    ['2025-03-01', '2025-02-28T21:00:00.000Z'],
    ['2025-03-01T12:00:00', '2025-03-01T09:00:00.000Z'],
    ['2025-03-01T12:00:00Z', '2025-03-01T12:00:00.000Z'],
    ['2025-03-01T12:00:00+05:00', '2025-03-01T07:00:00.000Z'],
  ])('published %s is %s', (given, instant) => {
    expect(parsePublishedAt(given).toISOString()).toBe(instant);
  });
});
