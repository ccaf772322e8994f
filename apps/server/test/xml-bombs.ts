/** Hostile XML of the fault tests: 900 000 attributes on one element, 500 000 nested levels. */
export function attributeBomb(count = 900_000): string {
  const attrs: string[] = [];
  for (let i = 0; i < count; i++) attrs.push(`a${i}="1"`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Файл>\n<Документ ${attrs.join(' ')}/>\n</Файл>`;
}

export function nestingBomb(levels = 500_000): string {
  return `<?xml version="1.0"?>\n${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`;
}

/**
 * A wide document within every limit (`elements` elements of 8 attributes): read whole by the
 * parser before it is refused as no EIS document, a second or more of parsing.
 */
export function wideDocument(elements = 100_000): string {
  const attrs = Array.from({ length: 8 }, (_, i) => `a${i}="${i}"`).join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Файл>\n${`<Позиция ${attrs}/>\n`.repeat(elements)}</Файл>`;
}
