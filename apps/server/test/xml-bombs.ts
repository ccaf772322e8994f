/** Hostile XML of the fault tests: 900 000 attributes on one element, 500 000 nested levels. */
export function attributeBomb(count = 900_000): string {
  const attrs: string[] = [];
  for (let i = 0; i < count; i++) attrs.push(`a${i}="1"`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Файл>\n<Документ ${attrs.join(' ')}/>\n</Файл>`;
}

export function nestingBomb(levels = 500_000): string {
  return `<?xml version="1.0"?>\n${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`;
}
