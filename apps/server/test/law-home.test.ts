import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * modules/law is the one home of the law (docs/architecture.md): no other module classifies a
 * procurement method or computes a period of the law. Checked on the source of src/modules and
 * src/kernel: the old classifiers and the patterns they were written with may appear only in law,
 * in calendar (the day arithmetic) and in kernel/eis (parsing an EIS file's method name), plus the
 * places listed below, each with the reason it is parsing and not a decision of the law.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const HOME = [/^modules\/law\//, /^modules\/calendar\//, /^kernel\/eis\//];

/** file -> why a pattern there is not the law's decision. */
const ALLOWED: Record<string, { patterns: string[]; why: string }> = {
  'modules/procurements/eis-procurement.policy.ts': {
    patterns: ['title regex'],
    why: 'the kind of an EIS protocol (summing up, single supplier) is read from its name, not a method',
  },
};

const RULES: { name: string; re: RegExp }[] = [
  { name: 'methodKindByName', re: /\bmethodKindByName\s*\(/ },
  { name: 'methodKind by title', re: /\bmethodKind\s*\(\s*[\w.]*title\b/i },
  {
    name: 'title regex',
    re: /\/[^/\n]*(единствен|котиров|аукцион|конкурс|запрос\\s[+*]?предложени)[^/\n]*\/[gimsuy]*\.test\(/,
  },
  {
    name: 'code substring',
    re: /\.(includes|startsWith|endsWith)\(\s*'(auction|tender|quotation|proposal|single|sme)/,
  },
  { name: 'period arithmetic', re: /\.(addWorkingDays|addCalendarDays)\(|\bapplyPeriod\(/ },
  { name: 'notice period table', re: /\bDEFAULT_NOTICE_PERIODS\b/ },
  // the SME report's law (ПП 1352): its quota and exclusion rows live in law/law-sme-quotas.ts
  {
    name: 'SME quota rules',
    re: /\b(SME_QUOTAS|SME_EXCLUSIONS)\s*[:=]|\bpercent:\s*\d+n\b|ПП РФ от 11\.12\.2014 № 1352'/,
  },
  // the undated duty API, replaced by ruleOn and the due-date functions of law-due-dates.ts
  {
    name: 'undated duty API',
    re: /\b(dutyItem|monthlyReportItem|smeAnnualReportItem)\s*\(|\bconfig\.rules\.\w+/,
  },
];

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesOf(p) : [p];
  });
}

describe('the law has one home', () => {
  const files = [...filesOf(path.join(SRC, 'modules')), ...filesOf(path.join(SRC, 'kernel'))]
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('factories'))
    .map((f) => path.relative(SRC, f).split(path.sep).join('/'));

  it('finds the files it checks', () => {
    expect(files.some((f) => f.startsWith('modules/procurements/'))).toBe(true);
    expect(files.some((f) => f.startsWith('modules/law/'))).toBe(true);
  });

  it('no module outside law classifies a method or computes a period', () => {
    const found: string[] = [];
    for (const f of files) {
      if (HOME.some((h) => h.test(f))) continue;
      const lines = fs.readFileSync(path.join(SRC, f), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const r of RULES) {
          if (!r.re.test(line)) continue;
          if (ALLOWED[f]?.patterns.includes(r.name)) continue;
          found.push(`${f}:${i + 1} ${r.name}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('the demo seed asks law for notice periods and the contract window', () => {
    const seed = filesOf(path.join(SRC, 'db/seed')).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const found: string[] = [];
    for (const f of seed) {
      const lines = fs.readFileSync(f, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        // a period counted in calendar days, or a notice period read and counted by the seed itself
        if (/\.addCalendarDays\(|\bapplyPeriod\(|notice_day_kind\s*===|\.notice_days\s*[),]/.test(line))
          found.push(`${path.relative(SRC, f)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
    const dates = fs.readFileSync(path.join(SRC, 'db/seed/demo/procurements.demo-dates.ts'), 'utf8');
    expect(dates).toMatch(/from '\.\.\/\.\.\/\.\.\/modules\/law\/law-notice-periods\.policy\.js'/);
    expect(dates).toMatch(/\bnoticePeriod\(/);
  });

  it('each pattern catches the code it was written against', () => {
    const hit = (name: string, line: string) => RULES.find((r) => r.name === name)?.re.test(line);
    expect(hit('methodKindByName', 'const k = methodKindByName(e.title);')).toBe(true);
    expect(hit('title regex', "if (/единствен/.test(n)) return 'single_supplier';")).toBe(true);
    expect(hit('code substring', "const key = code.includes('tender')")).toBe(true);
    expect(hit('period arithmetic', 'calendar.addWorkingDays(from, period.days)')).toBe(true);
    expect(hit('methodKind by title', 'const kind = methodKind(p.methodTitle);')).toBe(true);
    expect(hit('undated duty API', 'const item = monthlyReportItem(y, m, null, c, cfg, t);')).toBe(true);
    expect(hit('undated duty API', 'const rule = config.rules.plan_publish;')).toBe(true);
    expect(hit('SME quota rules', 'export const SME_QUOTAS: readonly SmeQuotaRule[] = [')).toBe(true);
    expect(hit('SME quota rules', '    percent: 25n,')).toBe(true);
  });
});
