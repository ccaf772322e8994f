import { fromKopecks, lineKopecks, type NmckSettings, toScaled, type VatRate } from '@zakupki/shared';
import { uploadType } from '../files/files.policy.js';

/**
 * The pure arithmetic of a НМЦД justification by comparable market prices (docs/nmck.md): each
 * price brought to the version's VAT basis and, when an index is given, to today; the sample's
 * count, mean, sample standard deviation and coefficient of variation; the refusal below the
 * minimum count or above the maximum coefficient; the unit price (mean or minimum) and the
 * item's amount, rounded to kopecks. No floats: money is bigint kopecks, the deviation and the
 * coefficient come from an integer square root, and the «above 33 %» test is an exact comparison.
 */

export type NmckVatBasis = NmckSettings['vat_basis'];

export type PriceFacts = {
  /** price per unit as the source gives it, decimal string */
  price: string;
  /** the source's price includes VAT */
  includesVat: boolean;
  vatRate: VatRate;
  /** YYYY-MM-DD */
  date: string;
  /** a multiplier bringing an old price to today ('1.045'), or null */
  index: string | null;
};

const halfUpDiv = (n: bigint, d: bigint) => {
  const neg = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (a * 2n + b) / (b * 2n);
  return neg ? -q : q;
};

const rateOf = (r: VatRate) => (r === 'без НДС' ? 0n : BigInt(r.replace('%', '')));

/** The source's price in kopecks brought to the version's VAT basis (rounded half up to kopecks). */
export function priceOnBasis(
  p: Pick<PriceFacts, 'price' | 'includesVat' | 'vatRate'>,
  basis: NmckVatBasis,
): bigint {
  const k = toScaled(p.price, 2);
  const r = rateOf(p.vatRate);
  if (r === 0n) return k;
  if (basis === 'with_vat' && !p.includesVat) return halfUpDiv(k * (100n + r), 100n);
  if (basis === 'without_vat' && p.includesVat) return halfUpDiv(k * 100n, 100n + r);
  return k;
}

/** The price on the basis, multiplied by the index when given, in kopecks. */
export function adjustedPrice(p: PriceFacts, basis: NmckVatBasis): bigint {
  const base = priceOnBasis(p, basis);
  if (p.index === null) return base;
  return halfUpDiv(base * toScaled(p.index, 6), 1_000_000n);
}

/** Whole months between two ISO dates (a month counts once its day is reached). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

/** A price older than the version allows (flagged; an index may bring it to today). */
export const isOldPrice = (date: string, today: string, maxAgeMonths: number) =>
  monthsBetween(date, today) >= maxAgeMonths && date < today;

/** floor(sqrt(n)) for n >= 0. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('negative');
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x -= 1n;
  while ((x + 1n) * (x + 1n) <= n) x += 1n;
  return x;
}

export type NmckStats = {
  count: number;
  /** kopecks, as decimal strings */
  mean: string;
  min: string;
  max: string;
  /** sample standard deviation (n − 1), kopecks rounded */
  deviation: string;
  /** percent with two decimals ('13.18') */
  variation: string;
  /** the coefficient exceeds the maximum (exact comparison) */
  tooVaried: boolean;
};

/** Statistics of prices given in kopecks (count ≥ 1). */
export function statistics(prices: bigint[], maxVariation: number): NmckStats {
  const n = BigInt(prices.length);
  if (n === 0n)
    return {
      count: 0,
      mean: '0.00',
      min: '0.00',
      max: '0.00',
      deviation: '0.00',
      variation: '0.00',
      tooVaried: false,
    };
  const sum = prices.reduce((s, p) => s + p, 0n);
  const sumSq = prices.reduce((s, p) => s + p * p, 0n);
  // sample variance = (n·Σx² − (Σx)²) / (n·(n − 1)), in kopecks²
  const num = n * sumSq - sum * sum;
  const den = n > 1n ? n * (n - 1n) : 1n;
  const devScaled = n > 1n ? isqrt((num * 10_000n) / den) : 0n; // kopecks × 100
  const deviation = halfUpDiv(devScaled, 100n);
  // cv = sd / mean × 100 %; shown with two decimals: isqrt(var / mean² × 10⁸) = cv × 100
  const variationHundredths =
    n > 1n && sum > 0n ? isqrt((num * n * n * 100_000_000n * 10_000n) / (den * sum * sum)) : 0n;
  const vh = halfUpDiv(variationHundredths, 100n);
  // exact: cv > max  ⇔  var × 100² > max² × mean²  ⇔  num · n² · 10⁴ > max² · sum² · den
  const m = BigInt(maxVariation);
  const tooVaried = n > 1n && num * n * n * 10_000n > m * m * sum * sum * den;
  const sorted = [...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    count: prices.length,
    mean: fromKopecks(halfUpDiv(sum, n)),
    min: fromKopecks(sorted[0]),
    max: fromKopecks(sorted[sorted.length - 1]),
    deviation: fromKopecks(deviation),
    variation: `${vh / 100n}.${String(vh % 100n).padStart(2, '0')}`,
    tooVaried,
  };
}

export type NmckItemResult = {
  stats: NmckStats;
  /** null when refused */
  unitPrice: string | null;
  amount: string | null;
  refusal: string | null;
};

/**
 * One item's result: the statistics of its adjusted prices, then the unit price (mean or minimum,
 * kopecks) and the amount (unit price × quantity, rounded to kopecks); refused below the minimum
 * count or above the maximum coefficient, with a message asking for more prices.
 */
export function itemResult(prices: bigint[], quantity: string, s: NmckSettings): NmckItemResult {
  const stats = statistics(prices, s.max_variation);
  if (prices.length < s.min_prices)
    return {
      stats,
      unitPrice: null,
      amount: null,
      refusal: `Цен: ${prices.length}, нужно не меньше ${s.min_prices}. Добавьте ещё цены (коммерческие предложения, контракты, открытые источники).`,
    };
  if (stats.tooVaried)
    return {
      stats,
      unitPrice: null,
      amount: null,
      refusal: `Коэффициент вариации ${stats.variation.replace('.', ',')} % больше ${s.max_variation} %: цены неоднородны. Нужно больше цен — добавьте ещё источники или исключите выбивающиеся.`,
    };
  const unit = s.unit_price === 'min' ? stats.min : stats.mean;
  return { stats, unitPrice: unit, amount: fromKopecks(lineKopecks(quantity, unit)), refusal: null };
}

/** The types an offer's file may have (`uploadType` of the files module checks the content). */
const OFFER_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png', 'zip'];

/**
 * The stored MIME type of a commercial offer's file, by its extension and checked against its
 * first bytes (the client's type is not trusted), or the Russian refusal naming the problem.
 */
export function offerFileType(name: string, content: Buffer): { mime: string } | { refusal: string } {
  const type = uploadType(name, content, OFFER_FILE_EXTENSIONS);
  if (!('wrong' in type)) return type;
  if (type.wrong === 'type')
    return {
      refusal: `Файл «${name}» не принят: для коммерческого предложения допустимы PDF, DOC, DOCX, XLS, XLSX, JPG, PNG или ZIP`,
    };
  return { refusal: `Файл «${name}» не принят: файл повреждён или не является ${type.ext.toUpperCase()}` };
}
