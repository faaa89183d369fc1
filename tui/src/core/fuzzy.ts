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

const HAN = /\p{Script=Han}/u;

/**
 * How close a name comes to the query: the whole name, its start, somewhere inside. Its text
 * counts before its pinyin initials at each step, so `user` is the code `user` before anything
 * whose initials happen to read so.
 */
function nameScore(query: string, name: string): number | undefined {
  const text = name.toLowerCase();
  const letters = HAN.test(name) ? initials(name) : '';
  const steps: [boolean, boolean][] = [
    [text === query, letters === query],
    [text.startsWith(query), letters.startsWith(query)],
    [text.includes(query), letters.includes(query)],
  ];
  for (const [step, [byText, byInitials]] of steps.entries()) {
    if (byText) return step * 2;
    if (byInitials) return step * 2 + 1;
  }
  return subsequence(query, text) ? steps.length * 2 : undefined;
}

/**
 * How well `query` matches an item known by several names (lower is better), from its best name:
 * an exact name (a resource name, alias, menu code or English name) first, then a name it starts,
 * then a name that contains it, then letters in order; undefined when nothing matches.
 */
export function matchScore(query: string, names: readonly (string | undefined)[]): number | undefined {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  let best: number | undefined;
  for (const name of names) {
    const score = name ? nameScore(q, name) : undefined;
    if (score !== undefined && (best === undefined || score < best)) best = score;
  }
  return best;
}

/**
 * The items matching `query`, best first; items that match equally well keep their order (the
 * menu's). The palette's only ranking: what it lists and what Enter opens both come from here.
 */
export function rankMatches<T>(query: string, items: readonly T[], namesOf: (item: T) => readonly (string | undefined)[]): T[] {
  return items
    .map((item) => ({ item, score: matchScore(query, namesOf(item)) }))
    .filter((match): match is { item: T; score: number } => match.score !== undefined)
    .sort((a, b) => a.score - b.score)
    .map((match) => match.item);
}
