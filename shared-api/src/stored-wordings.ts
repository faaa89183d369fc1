import { definedMessages, handWordedPatterns, type Language, type StoredText } from './messages.js';

/**
 * Texts that reach a reader without a message id, translated by their wording: only texts stored
 * in the database (a sign-in's recorded reason, a city such as 本机, a built-in role's name, a
 * refused step's comment, a sync run's error rows), which Saber clients read as stored, in
 * Chinese. A recorded text with a parameter (`无法连接目录服务器: …`) is matched by a pattern
 * declared with `defineMessagePattern`. Everything the code says itself carries its id instead
 * (see `Message`; a thrown error cannot take a plain text), so this lookup is for the database only.
 */
// The wordings of every catalogue, rebuilt when a module loaded since defines more. A Chinese text
// defined by two areas answers the first area's English: stored texts predate the ids.
let wordings = new Map<string, string>();
let known = 0;
function englishWordings(): Map<string, string> {
  const defined = definedMessages();
  if (defined.length !== known) {
    wordings = new Map();
    for (const { chinese, english } of defined) if (!chinese.includes('{') && !wordings.has(chinese)) wordings.set(chinese, english);
    known = defined.length;
  }
  return wordings;
}

function englishOf(text: string): string {
  const exact = englishWordings().get(text);
  if (exact) return exact;
  // Captured parts are translated too, so a pattern can wrap another text (`第3行: 请输入…`).
  for (const [pattern, english] of handWordedPatterns()) {
    const match = pattern.exec(text);
    if (match) return english.replace(/\$(\d)/g, (_m, i: string) => englishOf(match[Number(i)] ?? ''));
  }
  const colon = text.indexOf(': ');
  if (colon > 0) {
    const head = englishWordings().get(text.slice(0, colon));
    if (head) return `${head}: ${text.slice(colon + 2)}`;
  }
  return text;
}

/** A stored or hand-worded text in a language; unchanged in Chinese or when it has no English. */
export const storedTextIn = (text: string, language: Language): string => (language === 'en' ? englishOf(text) : text);

/** A recorded text as a message's parameter (`withDetail(m.say.fileHasErrors, storedText(row.message))`). */
export const storedText = (text: string): StoredText => ({ stored: text, in: (language) => storedTextIn(text, language) });
