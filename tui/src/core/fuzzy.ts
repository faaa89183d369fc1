type Pinyin = typeof import('pinyin-pro').pinyin;
let pinyin: Pinyin | undefined;

/**
 * Loads the pinyin dictionary (half a second on a slow machine), when the palette first opens
 * rather than at start-up; until then names match by their text only.
 */
export async function loadPinyin(): Promise<void> {
  pinyin ??= (await import('pinyin-pro')).pinyin;
}

/** Pinyin initials of Chinese text (`用户管理` → `yhgl`); other characters stay as they are. */
export function initials(text: string): string {
  if (!pinyin) return '';
  return pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** Whether the letters of `query` appear in `text` in order (`usr` in `users`). */
function subsequence(query: string, text: string): boolean {
  let i = 0;
  for (const ch of text) if (ch === query[i]) i++;
  return i === query.length;
}

/**
 * How well `query` matches one of the names (lower is better): contained text first, then pinyin
 * initials, then letters in order; undefined when nothing matches.
 */
export function matchScore(query: string, names: readonly (string | undefined)[]): number | undefined {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  let best: number | undefined;
  for (const name of names) {
    if (!name) continue;
    const text = name.toLowerCase();
    const found = text.indexOf(q);
    const score =
      found === 0
        ? 0
        : found > 0
          ? 1
          : initials(name).startsWith(q)
            ? 2
            : initials(name).includes(q)
              ? 3
              : subsequence(q, text)
                ? 4
                : undefined;
    if (score !== undefined && (best === undefined || score < best)) best = score;
  }
  return best;
}
