import { website } from '../config.js';
import { createStore } from '../lib/store.js';
import { getStore, removeStore, setStore } from './storage.js';
import { addTag, firstPageTag, type Tag } from './tags.js';

/** The open tabs, kept in localStorage like BladeX's `tagList`. */
export const tagsStore = createStore<Tag[]>(getStore<Tag[]>('tagList') ?? [firstPageTag()]);

tagsStore.subscribe(() => setStore('tagList', tagsStore.get()));

export function openTag(tag: Tag): void {
  tagsStore.set((tags) => addTag(tags.length ? tags : [firstPageTag()], tag));
}

/** Logout: back to the first page only. */
export function clearTags(): void {
  removeStore('tagList');
  tagsStore.set([firstPageTag()]);
}

export const isFirstPage = (path: string) => path === website.firstPage.value;
