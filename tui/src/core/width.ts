/** CJK, Hangul, full-width forms and most emoji: two terminal columns each. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;
/** Combining marks, zero-width characters and variation selectors take no column. */
function zeroWidth(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) || (code >= 0xfe00 && code <= 0xfe0f);
}

const charWidth = (ch: string) => (zeroWidth(ch) ? 0 : WIDE.test(ch) ? 2 : 1);

/** Terminal columns of a string. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** One line of text: control characters (new lines, tabs) become spaces so a cell never wraps. */
export const oneLine = (value: unknown): string =>
  value === null || value === undefined ? '' : [...String(value)].map((ch) => (ch < ' ' || ch === '\u007f' ? ' ' : ch)).join('');

/** At most `width` columns; text cut short ends with `…`. A wide character never straddles the edge. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/** Exactly `width` columns: cut short with `…` or padded with spaces. */
export function fit(text: string, width: number): string {
  const cut = truncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - displayWidth(cut)));
}

/**
 * A line cut into pieces of at most `width` columns (an empty line stays one empty piece), so a
 * long value is read whole on lines of its own instead of cut short. A wide character never
 * straddles two pieces.
 */
export function wrapToWidth(text: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (used + w > Math.max(1, width) && piece) {
      pieces.push(piece);
      [piece, used] = ['', 0];
    }
    piece += ch;
    used += w;
  }
  pieces.push(piece);
  return pieces;
}
