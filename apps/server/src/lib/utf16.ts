/**
 * UTF-16 without a byte order mark, told by its zero bytes: each ASCII character (an XML
 * declaration, the 1C signature, digits, `=`) in UTF-16LE has a zero odd byte, in UTF-16BE a zero
 * even one, while 8-bit text has no zero bytes at all and binary data has them on both sides. Windows
 * «Unicode» files saved by some tools lack the BOM; read as 8-bit they are full of NUL characters.
 */
export function utf16WithoutBom(buf: Buffer): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(buf.length, 128) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenZero++;
    if (buf[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero >= pairs * 0.25 && evenZero === 0) return 'utf-16le';
  if (evenZero >= pairs * 0.25 && oddZero === 0) return 'utf-16be';
  return null;
}
