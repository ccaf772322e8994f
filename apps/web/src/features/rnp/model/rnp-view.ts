import { RNP_LAW_TITLES, type RnpEntry, type RnpStatus } from '@zakupki/shared/api/rnp';
import { formatDate, formatDateTime } from '../../../lib/formatters';

/** What the load state says: loaded (when, which file, how many entries) or not loaded at all. */
export function statusText(s: RnpStatus): string {
  if (!s.load) return 'Реестр не загружен: проверка участников по РНП не выполняется.';
  const l = s.load;
  return `Загружен ${formatDateTime(l.loaded_at)}: ${l.rows} ${entriesWord(l.rows)} из файла «${l.file_name}» (${l.format.toUpperCase()}).`;
}

/** «запись», «записи», «записей» by the number. */
export function entriesWord(n: number): string {
  const d10 = n % 10;
  const d100 = n % 100;
  if (d10 === 1 && d100 !== 11) return 'запись';
  if (d10 >= 2 && d10 <= 4 && (d100 < 12 || d100 > 14)) return 'записи';
  return 'записей';
}

/** The period of an entry: «с 10.03.2025 по 09.03.2027» (the day before the exclusion), or open. */
export function periodText(e: Pick<RnpEntry, 'included_on' | 'excluded_on'>): string {
  if (!e.excluded_on) return `с ${formatDate(e.included_on)}, дата исключения не указана`;
  return `с ${formatDate(e.included_on)}, исключение ${formatDate(e.excluded_on)}`;
}

export const lawTitle = (law: RnpEntry['law']) => RNP_LAW_TITLES[law];
