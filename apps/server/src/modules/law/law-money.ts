/** Decimal string ('100000', '99 999,99', '100000.00') -> kopecks. */
export function priceToKopecks(price: string): bigint {
  const compact = price.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!m) throw new RangeError(`Invalid price: ${price}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '0').padEnd(2, '0'));
}

/** '100000.00' -> '100 000,00 ₽'. */
export function formatRub(price: string): string {
  const kopecks = priceToKopecks(price);
  const whole = (kopecks / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${(kopecks % 100n).toString().padStart(2, '0')} ₽`;
}
