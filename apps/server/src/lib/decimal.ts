/**
 * A decimal string without needless trailing fraction zeros: '10.500' -> '10.5', '3.000' -> '3',
 * '1000.00000000' -> '1000'; a value that was only zeros stays '0'. Quantities and unit prices are
 * stored and exported as written, minus this noise.
 */
export function trimDecimal(v: string): string {
  if (!v.includes('.')) return v;
  const t = v.replace(/0+$/, '').replace(/\.$/, '');
  return t === '' || t === '-' ? '0' : t;
}
