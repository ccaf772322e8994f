const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text PostgreSQL will store: it refuses NUL characters and lone surrogates (what a parser says
 * about a UTF-16 file read as 8-bit, or a file name with a NUL), so a message holding them would
 * fail its own insert (a run left unmarked for ever, an error event lost).
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}
