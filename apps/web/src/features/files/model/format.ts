import { NBSP } from '../../../lib/formatters';

const number = (v: number) =>
  new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(v).replace(/\s/g, NBSP);

/** A size in bytes as people read it: `512 Б`, `12,3 КБ`, `1,5 МБ` (1 КБ = 1024 Б). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}${NBSP}Б`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)}${NBSP}КБ`;
  if (bytes < 1024 ** 3) return `${number(bytes / 1024 ** 2)}${NBSP}МБ`;
  return `${number(bytes / 1024 ** 3)}${NBSP}ГБ`;
}
