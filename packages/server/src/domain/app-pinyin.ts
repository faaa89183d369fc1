import { onFirstUse } from '../kernel/on-first-use.js';

const pinyinPro = onFirstUse<typeof import('pinyin-pro')>('pinyin-pro');

/** Letters and digits only, lower case: what a search for initials or pinyin compares. */
const searchable = (parts: string[]) =>
  parts
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * An application name's pinyin, computed once when the name is saved so that searching never
 * converts per request: initials (财务系统 → cwxt) and full pinyin without tones (caiwuxitong).
 */
export function namePinyin(name: string): { nameInitials: string; namePinyin: string } {
  return {
    nameInitials: searchable(pinyinPro().pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })).slice(0, 255),
    namePinyin: searchable(pinyinPro().pinyin(name, { toneType: 'none', type: 'array' })).slice(0, 1000),
  };
}
