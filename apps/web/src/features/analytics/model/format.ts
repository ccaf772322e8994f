/** «12,34 %», or «—» without a share (nothing to measure). */
export const pct = (v: string | null) => (v === null ? '—' : `${v.replace('.', ',')} %`);

const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });
/** «3,2 млн ₽»: a chart's axis and tooltip (the table under it has the exact figures). */
export const compactRub = (v: number) => `${compact.format(v)} ₽`;
