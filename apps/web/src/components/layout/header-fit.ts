/** Room taken by the «Ещё» menu button and the gap between section links (app-header.module.css). */
export const MORE_WIDTH = 64;
export const LINK_GAP = 4;

/**
 * How many section links (in order) fit in `room` px: all when they fit, else as many as fit beside
 * the «Ещё» button that lists the rest. A zero room (not measured yet, or jsdom) shows them all.
 */
export function linksThatFit(widths: number[], room: number): number {
  if (room <= 0) return widths.length;
  const total = widths.reduce((s, w) => s + w, 0) + LINK_GAP * Math.max(0, widths.length - 1);
  if (total <= room) return widths.length;
  let used = MORE_WIDTH;
  let n = 0;
  for (const w of widths) {
    if (used + w + LINK_GAP > room) break;
    used += w + LINK_GAP;
    n += 1;
  }
  return n;
}
