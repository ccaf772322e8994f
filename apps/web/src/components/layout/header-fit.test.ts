import { describe, expect, it } from 'vitest';
import { LINK_GAP, linksThatFit, MORE_WIDTH } from './header-fit';

describe('section links that fit in the header', () => {
  const widths = [80, 60, 70, 90, 80];
  const all = 380 + 4 * LINK_GAP;
  it('shows every link when they fit, and all of them before the room is measured', () => {
    expect(linksThatFit(widths, all)).toBe(5);
    expect(linksThatFit(widths, 0)).toBe(5);
  });
  it('keeps the first links that fit beside «Ещё» when the room is short', () => {
    expect(linksThatFit(widths, all - 1)).toBe(4); // 64 + 84 + 64 + 74 + 94 = 380 ≤ 395; + 84 > 395
    expect(linksThatFit(widths, MORE_WIDTH + 80 + LINK_GAP)).toBe(1);
    expect(linksThatFit(widths, MORE_WIDTH)).toBe(0);
  });
});
