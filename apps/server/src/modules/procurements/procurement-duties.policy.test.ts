import { describe, expect, it } from 'vitest';
import { createRuCalendar } from '../calendar/production-calendar.js';
import { DEFAULT_DEADLINE_CONFIG } from '../law/deadline-rules.js';
import { type DutyFacts, nearestOpen, procurementDuties } from './procurement-duties.policy.js';

const calendar = createRuCalendar();

describe('duties on the production calendar', () => {
  const facts = (over: Partial<DutyFacts>): DutyFacts => ({
    status: 'published',
    methodFlags: { form: 'auction', competitive: true, electronic: true },
    plannedPublicationDate: null,
    publishedOn: null,
    protocols: [],
    contracts: [],
    ...over,
  });
  const duties = (over: Partial<DutyFacts>, today: string) =>
    procurementDuties(facts(over), calendar, DEFAULT_DEADLINE_CONFIG, today).map((d) => [
      d.duty,
      d.due_date,
      d.status,
      d.earliest_date,
    ]);

  it('the notice: due on the planned date, done when placed', () => {
    expect(duties({ status: 'draft', plannedPublicationDate: '2026-03-10' }, '2026-03-02')).toEqual([
      ['notice_placement', '2026-03-10', 'due', null],
    ]);
    expect(duties({ status: 'draft', plannedPublicationDate: '2026-03-10' }, '2026-03-11')[0][2]).toBe(
      'overdue',
    );
    expect(
      duties({ plannedPublicationDate: '2026-03-10', publishedOn: '2026-03-12' }, '2026-03-20')[0][2],
    ).toBe('done_late');
    expect(
      duties(
        {
          status: 'draft',
          methodFlags: { form: 'single_supplier', competitive: false },
          plannedPublicationDate: '2026-03-10',
        },
        '2026-03-02',
      ),
    ).toEqual([]);
    expect(duties({ status: 'cancelled', plannedPublicationDate: '2026-03-10' }, '2026-03-20')).toEqual([]);
  });

  it('a protocol: 3 days after signing, moved off a day off', () => {
    const protocol = {
      id: 1,
      kind: 'review' as const,
      final: false,
      signedOn: '2026-03-05',
      publishedOn: null,
      lotNumber: null,
    };
    // 05.03 + 3 = 08.03 (Sunday), 09.03 is a holiday: due 10.03, one working day after 06.03
    expect(duties({ protocols: [protocol] }, '2026-03-06')).toEqual([
      ['protocol_placement', '2026-03-10', 'due_soon', null],
    ]);
    expect(duties({ protocols: [protocol] }, '2026-03-11')[0][2]).toBe('overdue');
    expect(duties({ protocols: [{ ...protocol, publishedOn: '2026-03-06' }] }, '2026-03-11')[0][2]).toBe(
      'done',
    );
  });

  it('the contract: not earlier than 10, not later than 20 days after the final protocol', () => {
    const final = {
      id: 2,
      kind: 'summing_up' as const,
      final: true,
      signedOn: '2026-04-01',
      publishedOn: '2026-04-02',
      lotNumber: null,
    };
    const list = (today: string, contracts: DutyFacts['contracts'] = []) =>
      duties({ status: 'summing_up', protocols: [final], contracts }, today).filter(
        (d) => d[0] === 'contract_conclusion',
      );
    expect(list('2026-04-05')).toEqual([['contract_conclusion', '2026-04-22', 'not_yet', '2026-04-12']]);
    expect(list('2026-04-13')[0][2]).toBe('due');
    expect(list('2026-04-21')[0][2]).toBe('due_soon');
    expect(list('2026-04-23')[0][2]).toBe('overdue');
    expect(list('2026-04-23', [{ contractDate: '2026-04-15', status: 'concluded' }])[0][2]).toBe('done');
    expect(list('2026-04-23', [{ contractDate: '2026-04-15', status: 'draft' }])[0][2]).toBe('overdue');
    expect(list('2026-05-23', [{ contractDate: '2026-04-25', status: 'concluded' }])[0][2]).toBe('done_late');
  });

  it('the nearest open duty', () => {
    const all = procurementDuties(
      facts({
        plannedPublicationDate: '2026-03-01',
        publishedOn: '2026-03-01',
        protocols: [
          {
            id: 1,
            kind: 'opening',
            final: false,
            signedOn: '2026-03-20',
            publishedOn: null,
            lotNumber: null,
          },
        ],
      }),
      calendar,
      DEFAULT_DEADLINE_CONFIG,
      '2026-03-21',
    );
    expect(nearestOpen(all)?.duty).toBe('protocol_placement');
  });
});
