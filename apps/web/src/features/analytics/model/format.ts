/** «12,34 %», or «—» without a share (nothing to measure). */
export const pct = (v: string | null) => (v === null ? '—' : `${v.replace('.', ',')} %`);
