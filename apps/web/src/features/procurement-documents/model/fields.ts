import type {
  Documentation,
  DocumentField,
  DocumentFieldSource,
  FieldValue,
} from '@zakupki/shared/api/procurement-documents';

/** Where a value comes from, as the form says under a read-only or prefilled field. */
export const SOURCE_TITLES: Record<DocumentFieldSource, string> = {
  user: 'заполняется специалистом',
  procurement: 'из карточки закупки',
  company: 'из реквизитов организации',
  customer: 'из реквизитов заказчика',
  plan: 'из позиции плана закупки',
  rules: 'из положения о закупке',
  computed: 'рассчитано',
};

/** Columns of the items table (the `items` loop of the templates). */
export const ITEM_COLUMNS: { key: string; title: string }[] = [
  { key: 'item.no', title: '№' },
  { key: 'item.name', title: 'Наименование' },
  { key: 'item.okpd2', title: 'ОКПД2' },
  { key: 'item.unit', title: 'Ед. изм.' },
  { key: 'item.quantity', title: 'Количество' },
  { key: 'item.price', title: 'Цена за ед., ₽' },
  { key: 'item.sum', title: 'Стоимость, ₽' },
];

/** The form holds strings: a table or null becomes ''. */
export function formValue(v: FieldValue | undefined): string {
  return typeof v === 'string' ? v : '';
}

export function isFilled(v: FieldValue | undefined): boolean {
  if (Array.isArray(v)) return v.length > 0;
  return typeof v === 'string' && v.trim() !== '';
}

/**
 * What a save sends: only the editable fields whose text differs from what the server holds
 * (an emptied field is sent as '' so that a prefilled value can be blanked on purpose).
 */
export function changedValues(
  fields: DocumentField[],
  server: Documentation['values'],
  form: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    if (!f.editable || f.type === 'items') continue;
    const now = form[f.code] ?? '';
    if (now !== formValue(server[f.code])) out[f.code] = now;
  }
  return out;
}

/** Required fields filled in the form as it stands (the server's counter is for saved values). */
export function filledCount(
  fields: DocumentField[],
  server: Documentation['values'],
  form: Record<string, string>,
) {
  const required = fields.filter((f) => f.required);
  const filled = required.filter((f) =>
    f.editable && f.type !== 'items' ? (form[f.code] ?? '').trim() !== '' : isFilled(server[f.code]),
  );
  return { filled: filled.length, total: required.length };
}

/** DOM id of a field's control, so that a missing field of a document can be scrolled to. */
export const fieldAnchor = (code: string) => `field-${code.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** Fields grouped for the form: the specialist's first, then by where they come from. */
export function groupFields(fields: DocumentField[]) {
  const order: DocumentFieldSource[] = [
    'user',
    'procurement',
    'computed',
    'rules',
    'plan',
    'customer',
    'company',
  ];
  return order
    .map((source) => ({ source, fields: fields.filter((f) => f.source === source) }))
    .filter((g) => g.fields.length > 0);
}

export const GROUP_TITLES: Record<DocumentFieldSource, string> = {
  user: 'Поля документов',
  procurement: 'Закупка',
  computed: 'Расчётные значения',
  rules: 'Положение о закупке',
  plan: 'План закупки',
  customer: 'Заказчик',
  company: 'Организация',
};
