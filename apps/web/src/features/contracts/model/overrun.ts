import { fromKopecks, toScaled } from '@zakupki/shared';

/** Share of `part` in `whole` in per cent, as it is (above 100 when more than the whole). */
export function shareOf(part: string, whole: string): number {
  const w = Number(whole);
  if (!(w > 0)) return 0;
  return Math.max(0, (Number(part) / w) * 100);
}

/**
 * How far `part` (accepted, paid) goes beyond `whole` (the price, the item's quantity or sum),
 * exactly in the given scale (2 for money, 3 for quantities), or null when it does not.
 */
export function overrunOf(part: string, whole: string, scale = 2): string | null {
  try {
    const excess = toScaled(part, scale) - toScaled(whole, scale);
    if (excess <= 0n) return null;
    return scale === 2 ? fromKopecks(excess) : formatScaled(excess, scale);
  } catch {
    return null;
  }
}

function formatScaled(v: bigint, scale: number): string {
  const s = v.toString().padStart(scale + 1, '0');
  const int = s.slice(0, -scale);
  const frac = s.slice(-scale).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
