import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Б'],
    [512, '512 Б'],
    [1023, '1023 Б'],
    [1024, '1 КБ'],
    [12_595, '12,3 КБ'],
    [1_572_864, '1,5 МБ'],
    [45 * 1024 * 1024, '45 МБ'],
    [3 * 1024 ** 3, '3 ГБ'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes).replace(/\u00a0/g, ' ')).toBe(text);
  });
});
