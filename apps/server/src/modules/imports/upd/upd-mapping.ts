/**
 * Proposes which specification item an УПД line (СведТов) delivers: name similarity (normalised
 * token Jaccard and character trigrams), ОКЕИ unit, ОКПД2 when the line carries a code, and price
 * closeness, combined into a confidence 0..1. Pure: no database.
 */

export type SpecItem = {
  id: number;
  name: string;
  okpd2Code: string | null;
  okeiCode: string | null;
  unitName: string | null;
  /** unit price with VAT */
  price: string;
};

export type MappableLine = {
  name: string;
  okei: string | null;
  unitName: string | null;
  /** unit price without VAT (ЦенаТов) */
  price: string | null;
  quantity: string | null;
  sumWithVat: string | null;
  /** КодТов: sometimes an ОКПД2 code */
  itemCode: string | null;
};

export type Candidate = { itemId: number; confidence: number; reason: string };

/** Below this a line gets no proposal: the user picks the item. */
export const PROPOSAL_THRESHOLD = 0.35;

const STOP_WORDS = new Set([
  'и',
  'в',
  'во',
  'на',
  'для',
  'с',
  'со',
  'по',
  'из',
  'к',
  'от',
  'до',
  'за',
  'шт',
  'ед',
  'или',
  'не',
  'the',
  'of',
]);

/** Lower case, ё -> е, letters and digits only; decimal commas become dots so '0,5' stays one token. */
/** Normalised texts seen lately: an item's name is compared with every line of every document. */
const normalised = new Map<string, string>();
const NORMALISED_KEPT = 20_000;

export function normaliseText(s: string): string {
  let out = normalised.get(s);
  if (out === undefined) {
    if (normalised.size >= NORMALISED_KEPT) normalised.clear();
    out = normalise(s);
    normalised.set(s, out);
  }
  return out;
}

function normalise(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function tokens(s: string): string[] {
  return normaliseText(s)
    .split(' ')
    .filter((t) => t && !STOP_WORDS.has(t) && (t.length > 1 || /\d/.test(t)));
}

const stem = (t: string) => (/^\p{L}+$/u.test(t) && t.length > 5 ? t.slice(0, 5) : t);
const tokenSet = (s: string) => new Set(tokens(s).map(stem));
const common = (x: Set<string>, y: Set<string>) => {
  let n = 0;
  for (const t of x) if (y.has(t)) n++;
  return n;
};

/** |A ∩ B| / |A ∪ B| of the token sets; a token also matches its 5-letter stem (падежи). */
export function tokenJaccard(a: string, b: string): number {
  const x = tokenSet(a);
  const y = tokenSet(b);
  if (x.size === 0 || y.size === 0) return 0;
  const n = common(x, y);
  return n / (x.size + y.size - n);
}

/** |A ∩ B| / min(|A|, |B|): a short name wholly inside a longer one («Бумага А4» in «Бумага офисная А4»). */
function tokenContainment(a: string, b: string): number {
  const x = tokenSet(a);
  const y = tokenSet(b);
  if (x.size === 0 || y.size === 0) return 0;
  return common(x, y) / Math.min(x.size, y.size);
}

/** Tokens with digits: sizes, models, articles («А4», «85A», «ARK5-S-A230»). */
const codeTokens = (s: string) => new Set([...tokenSet(s)].filter((t) => /\d/.test(t)));

function trigrams(s: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const word of normaliseText(s).split(' ')) {
    if (!word) continue;
    const w = `  ${word} `;
    for (let i = 0; i + 3 <= w.length; i++) {
      const g = w.slice(i, i + 3);
      out.set(g, (out.get(g) ?? 0) + 1);
    }
  }
  return out;
}

/** Sørensen–Dice coefficient of character trigrams (robust to typos and word forms). */
export function trigramSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let total = 0;
  let common = 0;
  for (const n of x.values()) total += n;
  for (const n of y.values()) total += n;
  if (total === 0) return 0;
  for (const [g, n] of x) common += Math.min(n, y.get(g) ?? 0);
  return (2 * common) / total;
}

export function nameSimilarity(a: string, b: string): number {
  const na = normaliseText(a);
  const nb = normaliseText(b);
  if (!na || !nb) return 0;
  if (na === nb) return 1;
  const score = Math.max(tokenJaccard(a, b), 0.85 * tokenContainment(a, b), trigramSimilarity(a, b));
  // different models or sizes (А4 and А3, 85A and 83A) are different goods
  const ca = codeTokens(a);
  const cb = codeTokens(b);
  return ca.size > 0 && cb.size > 0 && common(ca, cb) === 0 ? score * 0.6 : score;
}

const num = (v: string | null) => (v === null || v === '' ? null : Number(v));

/** Unit prices of the line to compare with the item's price (which includes VAT). */
function linePrices(line: MappableLine): number[] {
  const out: number[] = [];
  const qty = num(line.quantity);
  const sum = num(line.sumWithVat);
  if (qty && sum && qty > 0) out.push(sum / qty);
  const price = num(line.price);
  if (price && price > 0) out.push(price);
  return out;
}

/** 1 for equal prices, falling to 0 at a factor of 2 or more. */
function priceCloseness(line: MappableLine, item: SpecItem): number | null {
  const target = num(item.price);
  const prices = linePrices(line);
  if (!target || target <= 0 || prices.length === 0) return null;
  let best = 0;
  for (const p of prices) {
    const ratio = Math.min(p, target) / Math.max(p, target);
    best = Math.max(best, Math.max(0, (ratio - 0.5) / 0.5));
  }
  return best;
}

function unitMatch(line: MappableLine, item: SpecItem): number | null {
  if (line.okei && item.okeiCode) return line.okei === item.okeiCode ? 1 : 0;
  if (line.unitName && item.unitName) {
    return normaliseText(line.unitName) === normaliseText(item.unitName) ? 1 : 0;
  }
  return null;
}

const OKPD2 = /^\d{2}(\.\d{1,2}){0,3}(\.\d{3})?$/;

function okpd2Match(line: MappableLine, item: SpecItem): number | null {
  const code = line.itemCode?.trim() ?? '';
  if (!OKPD2.test(code) || !item.okpd2Code) return null;
  const [a, b] = code.length < item.okpd2Code.length ? [code, item.okpd2Code] : [item.okpd2Code, code];
  return b === a || b.startsWith(`${a}.`) ? 1 : 0;
}

/** Confidence that `line` delivers `item`, with the reasons in Russian. */
export function scoreLine(line: MappableLine, item: SpecItem): Candidate {
  const parts: { weight: number; value: number }[] = [];
  const reasons: string[] = [];
  const name = nameSimilarity(line.name, item.name);
  parts.push({ weight: 0.55, value: name });
  reasons.push(`наименование ${Math.round(name * 100)}%`);
  const okpd2 = okpd2Match(line, item);
  if (okpd2 !== null) {
    parts.push({ weight: 0.15, value: okpd2 });
    reasons.push(okpd2 ? 'ОКПД2 совпадает' : 'ОКПД2 не совпадает');
  }
  const unit = unitMatch(line, item);
  parts.push({ weight: 0.15, value: unit ?? 0.5 });
  if (unit !== null) reasons.push(unit ? 'единица измерения совпадает' : 'единица измерения другая');
  const price = priceCloseness(line, item);
  parts.push({ weight: 0.3, value: price ?? 0.5 });
  if (price !== null)
    reasons.push(price >= 0.95 ? 'цена совпадает' : `цена близка на ${Math.round(price * 100)}%`);
  const weight = parts.reduce((s, p) => s + p.weight, 0);
  let confidence = parts.reduce((s, p) => s + p.weight * p.value, 0) / weight;
  // a line whose name shares nothing with the item is not proposed on unit and price alone
  if (name < 0.2) confidence = Math.min(confidence, name + 0.2);
  return { itemId: item.id, confidence: Math.round(confidence * 1000) / 1000, reason: reasons.join(', ') };
}

/** Items ranked for a line, best first (at most `limit`). */
export function rankItems(line: MappableLine, items: SpecItem[], limit = 3): Candidate[] {
  return items
    .map((item) => scoreLine(line, item))
    .sort((a, b) => b.confidence - a.confidence || a.itemId - b.itemId)
    .slice(0, limit);
}

/** The proposal for a line: the best item when its confidence reaches the threshold. */
export function proposeItem(line: MappableLine, items: SpecItem[]): Candidate | null {
  const [best] = rankItems(line, items, 1);
  return best && best.confidence >= PROPOSAL_THRESHOLD ? best : null;
}
