import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../lib/parse-error.js';
import { addDays } from './iso-date.js';
import { createRuCalendar, ProductionCalendar } from './production-calendar.js';

const CALENDAR_FIXTURES = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/fixtures/real/calendar',
);

function xmlFixture(year: number): string {
  const name =
    year === 2027 ? 'xmlcalendar__ru_2027_calendar.from-text.xml' : `xmlcalendar__ru_${year}_calendar.xml`;
  return readFileSync(path.join(CALENDAR_FIXTURES, name), 'utf8');
}

const calendar = createRuCalendar();

describe('ProductionCalendar with the shipped data', () => {
  it('knows 2013-2027', () => {
    expect(calendar.knownYears()).toEqual(Array.from({ length: 15 }, (_, i) => 2013 + i));
    expect(calendar.hasYear(2024)).toBe(true);
    expect(calendar.hasYear(2012)).toBe(false);
    expect(calendar.hasYear(2028)).toBe(false);
  });

  it('crosses the New Year holidays: 2024-12-28 (a working Saturday) + 3 working days = 2025-01-13', () => {
    expect(calendar.isWorkingDay('2024-12-28')).toBe(true);
    expect(calendar.dayInfo('2024-12-28').kind).toBe('working-weekend');
    // 29.12 Sunday, 30-31.12 transferred days off, 01-08.01 holidays; 09.01, 10.01, 13.01 working.
    for (const d of ['2024-12-29', '2024-12-30', '2024-12-31', '2025-01-01', '2025-01-08']) {
      expect(calendar.isWorkingDay(d)).toBe(false);
    }
    expect(calendar.addWorkingDays('2024-12-28', 1)).toBe('2025-01-09');
    expect(calendar.addWorkingDays('2024-12-28', 3)).toBe('2025-01-13');
    expect(calendar.workingDaysBetween('2024-12-28', '2025-01-13')).toBe(3);
    expect(calendar.coverageBetween('2024-12-28', '2025-01-13')).toBe('calendar');
  });

  it('transferred days: working Saturdays 2024-04-27 and 2024-11-02 (shortened), days off 2024-04-29/30', () => {
    expect(calendar.isWorkingDay('2024-04-27')).toBe(true);
    expect(calendar.isWorkingDay('2024-04-29')).toBe(false);
    expect(calendar.isWorkingDay('2024-04-30')).toBe(false);
    expect(calendar.dayInfo('2024-04-29')).toEqual({
      date: '2024-04-29',
      working: false,
      kind: 'day-off',
      holiday: null,
      coverage: 'calendar',
    });
    expect(calendar.isWorkingDay('2024-11-02')).toBe(true);
    expect(calendar.isShortDay('2024-11-02')).toBe(true);
    expect(calendar.addWorkingDays('2024-11-01', 1)).toBe('2024-11-02');
    expect(calendar.addWorkingDays('2024-04-26', 2)).toBe('2024-05-02');
  });

  it('shortened days are working days, also on a Saturday (2027-02-20)', () => {
    expect(calendar.isShortDay('2024-03-07')).toBe(true);
    expect(calendar.isWorkingDay('2024-03-07')).toBe(true);
    expect(calendar.dayInfo('2027-02-20')).toMatchObject({ working: true, kind: 'shortened' });
    expect(calendar.isWorkingDay('2027-02-22')).toBe(false);
  });

  it('holidays carry their titles', () => {
    expect(calendar.dayInfo('2024-03-08')).toMatchObject({
      working: false,
      kind: 'holiday',
      holiday: 'Международный женский день',
    });
    expect(calendar.dayInfo('2024-06-15')).toMatchObject({ working: false, kind: 'weekend', holiday: null });
  });

  it('addWorkingDays: n = 0 is the date itself when working, else the next working day', () => {
    expect(calendar.addWorkingDays('2024-03-06', 0)).toBe('2024-03-06');
    expect(calendar.addWorkingDays('2024-03-08', 0)).toBe('2024-03-11');
    expect(calendar.addWorkingDays('2024-12-29', 0)).toBe('2025-01-09');
    // Contract concluded on Wednesday 06.03.2024: 07.03, (08.03 holiday), 11.03, 12.03.
    expect(calendar.addWorkingDays('2024-03-06', 3)).toBe('2024-03-12');
    expect(() => calendar.addWorkingDays('2024-03-06', -1)).toThrow(RangeError);
    expect(() => calendar.addWorkingDays('2024-02-30', 1)).toThrow(RangeError);
  });

  it('addCalendarDays moves a deadline from a day off to the next working day (ст. 193 ГК РФ)', () => {
    expect(calendar.addCalendarDays('2024-03-01', 7)).toBe('2024-03-11'); // 08.03 holiday, then weekend
    expect(calendar.addCalendarDays('2024-12-21', 10)).toBe('2025-01-09'); // 31.12 day off
    expect(calendar.addCalendarDays('2024-12-21', 10, { moveToWorkingDay: false })).toBe('2024-12-31');
    expect(calendar.addCalendarDays('2024-05-06', 10)).toBe('2024-05-16'); // a Thursday stays
    expect(calendar.addCalendarDays('2024-04-17', 10)).toBe('2024-04-27'); // working Saturday stays
  });

  it('workingDaysBetween counts (from, to] and is antisymmetric', () => {
    expect(calendar.workingDaysBetween('2024-01-01', '2024-12-31')).toBe(248); // 2024 has 248 working days
    expect(calendar.workingDaysBetween('2025-01-01', '2025-12-31')).toBe(247);
    expect(calendar.workingDaysBetween('2024-03-12', '2024-03-06')).toBe(-3);
    expect(calendar.workingDaysBetween('2024-03-06', '2024-03-06')).toBe(0);
  });

  it('outside known years: Saturdays and Sundays only, and says so', () => {
    expect(calendar.coverage('2030-01-01')).toBe('weekends-only');
    expect(calendar.dayInfo('2030-01-01')).toEqual({
      date: '2030-01-01',
      working: true,
      kind: 'workday',
      holiday: null,
      coverage: 'weekends-only',
    });
    expect(calendar.isWorkingDay('2030-01-05')).toBe(false); // Saturday
    expect(calendar.addWorkingDays('2030-01-04', 1)).toBe('2030-01-07');
    expect(calendar.coverageBetween('2027-12-28', '2028-01-10')).toBe('weekends-only');
    expect(calendar.coverageBetween('2012-12-28', '2013-01-10')).toBe('weekends-only');
    expect(calendar.coverage('2013-01-01')).toBe('calendar');
  });
});

describe('cross-check with d10xa/holidays-calendar (КонсультантПлюс) for 2013-2025', () => {
  const d10xa = JSON.parse(readFileSync(path.join(CALENDAR_FIXTURES, 'd10xa__calendar.json'), 'utf8')) as {
    holidays: string[];
    preholidays: string[];
    nowork: string[];
  };

  for (let year = 2013; year <= 2025; year++) {
    it(`${year}: the same non-working days, the same shortened days`, () => {
      const nonWorking: string[] = [];
      const shortened: string[] = [];
      for (let d = `${year}-01-01`; d.startsWith(String(year)); d = addDays(d, 1)) {
        if (!calendar.isWorkingDay(d)) nonWorking.push(d);
        if (calendar.isShortDay(d)) shortened.push(d);
      }
      const expected = [...d10xa.holidays, ...d10xa.nowork].filter((d) => d.startsWith(String(year))).sort();
      expect(nonWorking).toEqual(expected);
      const expectedShort = d10xa.preholidays.filter((d) => d.startsWith(String(year))).sort();
      // The one known difference (SOURCES.md): d10xa lists 2021-11-03 as shortened, xmlcalendar does not.
      expect(shortened).toEqual(
        year === 2021 ? expectedShort.filter((d) => d !== '2021-11-03') : expectedShort,
      );
    });
  }
});

describe('adding a year at runtime', () => {
  it('addYearFromXml reads the xmlcalendar format into an empty calendar', () => {
    const cal = new ProductionCalendar();
    expect(cal.hasYear(2027)).toBe(false);
    expect(cal.coverage('2027-05-03')).toBe('weekends-only');
    expect(cal.isWorkingDay('2027-05-03')).toBe(true); // a Monday by weekends only
    const added = cal.addYearFromXml(xmlFixture(2027));
    expect(added.year).toBe(2027);
    expect(cal.hasYear(2027)).toBe(true);
    expect(cal.isWorkingDay('2027-05-03')).toBe(false); // day off transferred from 01.05
    expect(cal.dayInfo('2027-05-03').coverage).toBe('calendar');
  });

  it('a new year (2028) uploaded as XML is used without a release', () => {
    const cal = createRuCalendar();
    const xml2028 = `<?xml version="1.0" encoding="UTF-8"?>
<calendar year="2028" lang="ru" date="2027.09.01" country="ru">
  <holidays><holiday id="1" title="Новогодние каникулы"/></holidays>
  <days>
    <day d="01.03" t="1" h="1"/><day d="01.04" t="1" h="1"/><day d="01.05" t="1" h="1"/>
    <day d="01.06" t="1" h="1"/><day d="01.07" t="1"/><day d="01.10" t="1" f="01.01"/>
    <day d="01.15" t="3"/><day d="02.22" t="2"/>
  </days>
</calendar>`;
    expect(cal.addWorkingDays('2027-12-30', 3)).toBe('2028-01-05'); // weekends only for 2028
    cal.addYearFromXml(xml2028);
    expect(cal.knownYears().at(-1)).toBe(2028);
    expect(cal.addWorkingDays('2027-12-30', 3)).toBe('2028-01-13');
    expect(cal.isWorkingDay('2028-01-15')).toBe(true);
    expect(cal.dayInfo('2028-01-03').holiday).toBe('Новогодние каникулы');
    // toData round-trips into a new calendar (how stored years come back after a restart).
    const restored = new ProductionCalendar(cal.toData('test'));
    expect(restored.addWorkingDays('2027-12-30', 3)).toBe('2028-01-13');
  });

  it('refuses files that are not a production calendar, in Russian', () => {
    const cal = new ProductionCalendar();
    const bad = (xml: string) => () => cal.addYearFromXml(xml);
    expect(bad('<root/>')).toThrow(ParseError);
    expect(bad('<root/>')).toThrow('Файл не является производственным календарём');
    expect(bad('<calendar year="20x4"><days/></calendar>')).toThrow(
      'Некорректный год производственного календаря: «20x4»',
    );
    expect(bad('<calendar year="2028"><days><day d="02.30" t="1"/></days></calendar>')).toThrow(
      'Некорректная дата дня «02.30» в календаре 2028 года',
    );
    expect(bad('<calendar year="2028"><days><day d="01.01" t="4"/></days></calendar>')).toThrow(
      'Некорректный тип дня t="4"',
    );
    expect(bad('<calendar year="2028"><days><day d="01.09" t="3"/></days></calendar>')).toThrow(
      'В календаре 2028 года нет ни одного нерабочего дня',
    );
    expect(
      bad('<calendar year="2028"><days><day d="01.01" t="1"/><day d="01.01" t="1"/></days></calendar>'),
    ).toThrow('День 01.01 указан в календаре 2028 года дважды');
    expect(bad('<calendar year="2028"><days>')).toThrow('Повреждённый XML');
    expect(cal.knownYears()).toEqual([]);
  });

  it('the shipped JSON equals what the XML files give (the build script is up to date)', () => {
    for (let year = 2013; year <= 2027; year++) {
      const fresh = new ProductionCalendar();
      fresh.addYearFromXml(xmlFixture(year));
      expect(fresh.toData('x').years[year]).toEqual(calendar.toData('x').years[year]);
    }
  });
});
