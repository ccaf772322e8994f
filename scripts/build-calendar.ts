/**
 * Builds apps/server/src/modules/calendar/data/ru-calendar.json from the xmlcalendar.ru files in
 * ../shared/fixtures/real/calendar (xmlcalendar__ru_YYYY_calendar.xml; a `.from-text.xml` file is
 * used when it is the only one for its year). Run: `npx tsx scripts/build-calendar.ts`.
 * Years published later are added at runtime (ProductionCalendar.addYearFromXml), not here.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CalendarData, CalendarYearData } from '../apps/server/src/modules/calendar/calendar.types.js';
import { parseXmlCalendar } from '../apps/server/src/modules/calendar/xml-calendar.js';

const SOURCE_DIR = path.resolve(import.meta.dirname, '../../shared/fixtures/real/calendar');
const TARGET = path.resolve(import.meta.dirname, '../apps/server/src/modules/calendar/data/ru-calendar.json');
const FILE = /^xmlcalendar__ru_(\d{4})_calendar(\.from-text)?\.xml$/;

function collectFiles(): Map<number, string> {
  const byYear = new Map<number, string>();
  for (const name of readdirSync(SOURCE_DIR).sort()) {
    const m = FILE.exec(name);
    if (!m) continue;
    const year = Number(m[1]);
    const existing = byYear.get(year);
    // A byte-exact file wins over one rebuilt from text.
    if (!existing || existing.includes('.from-text.')) byYear.set(year, name);
  }
  return byYear;
}

/** One line per year keeps the file short and its diffs readable. */
function serialize(data: CalendarData): string {
  const years = Object.entries(data.years).map(([year, y]) => `    "${year}": ${JSON.stringify(y)}`);
  return [
    '{',
    `  "format": ${data.format},`,
    `  "source": ${JSON.stringify(data.source)},`,
    '  "years": {',
    years.join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

function main(): void {
  const files = collectFiles();
  if (files.size === 0) throw new Error(`No xmlcalendar files in ${SOURCE_DIR}`);
  const years: CalendarData['years'] = {};
  for (const [year, name] of [...files].sort((a, b) => a[0] - b[0])) {
    const parsed: CalendarYearData = parseXmlCalendar(readFileSync(path.join(SOURCE_DIR, name), 'utf8'));
    if (parsed.year !== year) throw new Error(`${name} describes year ${parsed.year}, not ${year}`);
    const { year: _year, ...rest } = parsed;
    years[String(year)] = rest;
  }
  const data: CalendarData = {
    format: 1,
    source: `xmlcalendar.ru (github.com/xmlcalendar/data ru/YYYY/calendar.xml), years ${[...files.keys()].join(', ')}; provenance in shared/fixtures/real/SOURCES.md; built by scripts/build-calendar.ts`,
    years,
  };
  writeFileSync(TARGET, serialize(data));
  const list = Object.keys(years);
  console.log(`Wrote ${TARGET}: ${list.length} years, ${list[0]}-${list[list.length - 1]}`);
}

main();
