/** The longest file name kept (characters): a longer one is cut, its extension kept. */
export const FILE_NAME_MAX = 200;

// C0 and C1 controls (NUL included), DEL, and the bidirectional marks, embeddings, overrides and
// isolates (U+202E turns «exe.txt» into what reads as another name) and the BOM
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * An uploaded file's name as it is stored and shown: control and bidirectional characters
 * removed, path separators turned into «_», blanks collapsed, at most FILE_NAME_MAX characters
 * (the extension kept), never empty (`fallback`). Every upload path takes the client's name through it.
 */
export function cleanFileName(name: string | null | undefined, fallback = 'file'): string {
  const cleaned = (name ?? '')
    .normalize('NFC')
    .replace(UNSAFE, '')
    .replace(/[\\/]/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned || /^\.+$/.test(cleaned)) return fallback;
  const chars = [...cleaned];
  if (chars.length <= FILE_NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? [...cleaned.slice(dot)] : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return (
    chars
      .slice(0, FILE_NAME_MAX - keep.length)
      .join('')
      .trimEnd() + keep.join('')
  );
}
