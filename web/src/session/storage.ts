import { website } from '../config.js';

/**
 * BladeX's `setStore`/`getStore`: values saved as a record `{ dataType, content, type, datetime }`
 * under `${website.key}-${name}`; `type: 'session'` uses
 * sessionStorage. The datetime is what the token-age check reads.
 */
interface StoreRecord<T = unknown> {
  dataType: string;
  content: T;
  type?: 'session';
  datetime: number;
}

type Kind = { type?: 'session' };

const area = (kind: Kind): Storage | undefined => {
  if (typeof window === 'undefined') return undefined;
  return kind.type === 'session' ? window.sessionStorage : window.localStorage;
};

const storeKey = (name: string) => `${website.key}-${name}`;

export function setStore<T>(name: string, content: T, kind: Kind = {}): void {
  const record: StoreRecord<T> = { dataType: typeof content, content, type: kind.type, datetime: Date.now() };
  area(kind)?.setItem(storeKey(name), JSON.stringify(record));
}

export function getRecord<T>(name: string, kind: Kind = {}): StoreRecord<T> | undefined {
  const raw = area(kind)?.getItem(storeKey(name));
  if (!raw) return undefined;
  try {
    const record = JSON.parse(raw) as StoreRecord<T>;
    return record && typeof record === 'object' && 'content' in record ? record : undefined;
  } catch {
    return undefined; // unreadable: as if absent
  }
}

export function getStore<T>(name: string, kind: Kind = {}): T | undefined {
  return getRecord<T>(name, kind)?.content;
}

export function removeStore(name: string, kind: Kind = {}): void {
  area(kind)?.removeItem(storeKey(name));
}
