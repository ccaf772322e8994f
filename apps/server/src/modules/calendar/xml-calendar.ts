import { ParseError } from '../../lib/parse-error.js';
import { asArray, child, parseXml, text } from '../../lib/xml.js';
import type { CalendarYearData } from './calendar.types.js';
import { isIsoDate } from './iso-date.js';

/** Years a production calendar may describe. */
const MIN_YEAR = 1992;
const MAX_YEAR = 2100;

/**
 * Reads a production calendar in the xmlcalendar.ru format:
 * `<calendar year="2024"><holidays><holiday id="1" title="…"/></holidays>
 * <days><day d="MM.DD" t="1|2|3" h="holiday id" f="MM.DD"/></days></calendar>`,
 * t=1 day off, t=2 shortened working day, t=3 working weekend day. Messages are Russian because
 * a specialist uploads the file of a new year.
 */
export function parseXmlCalendar(xmlText: string): CalendarYearData {
  const root = child(parseXml(xmlText.replace(/^\uFEFF/, '')), 'calendar');
  if (!root) {
    throw new ParseError(
      'Файл не является производственным календарём в формате xmlcalendar (нет элемента calendar)',
    );
  }
  const yearText = text(root, '@year') ?? '';
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new ParseError(`Некорректный год производственного календаря: «${yearText}»`, 'calendar/@year');
  }

  const titles = new Map<string, string>();
  for (const h of asArray(child(root, 'holidays')?.holiday)) {
    const id = text(h, '@id');
    const title = text(h, '@title');
    if (id && title) titles.set(id, title.trim());
  }

  const result: CalendarYearData = { year, off: [], short: [], work: [], holidays: {} };
  const seen = new Set<string>();
  for (const day of asArray(child(root, 'days')?.day)) {
    const d = text(day, '@d') ?? '';
    const t = text(day, '@t') ?? '';
    const location = `calendar/days/day[@d="${d}"]`;
    const m = /^(\d{2})\.(\d{2})$/.exec(d);
    const iso = m ? `${year}-${m[1]}-${m[2]}` : '';
    if (!m || !isIsoDate(iso)) {
      throw new ParseError(
        `Некорректная дата дня «${d}» в календаре ${year} года (ожидается ММ.ДД)`,
        location,
      );
    }
    if (seen.has(iso)) throw new ParseError(`День ${d} указан в календаре ${year} года дважды`, location);
    seen.add(iso);
    if (t === '1') {
      result.off.push(iso);
      const title = titles.get(text(day, '@h') ?? '');
      if (title) result.holidays[iso] = title;
    } else if (t === '2') {
      result.short.push(iso);
    } else if (t === '3') {
      result.work.push(iso);
    } else {
      throw new ParseError(
        `Некорректный тип дня t="${t}" для ${d} в календаре ${year} года (допускаются 1, 2, 3)`,
        location,
      );
    }
  }
  if (result.off.length === 0) {
    throw new ParseError(`В календаре ${year} года нет ни одного нерабочего дня: файл неполный или не тот`);
  }
  result.off.sort();
  result.short.sort();
  result.work.sort();
  return result;
}
