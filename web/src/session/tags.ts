import { website } from '../config.js';
import type { RouteMeta } from '../lib/route-meta.js';

/** A tab of the tabs bar. */
export interface Tag {
  label: string;
  /** The label in English of a menu screen's tab (its English name), when it has one. */
  labelEn?: string;
  /** The path. */
  value: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  meta?: { i18n?: string; keepAlive?: boolean };
  group?: string[];
  close?: boolean;
}

/**
 * The tab of a visited page: a fixed route is labelled by its i18n key (so the label follows the
 * language), a menu screen by its name and English name; the query is kept so the tab reopens the same view.
 */
export function tagOf(path: string, search: string, meta: RouteMeta, translate: (key: string) => string): Tag {
  const title = meta.title ?? path;
  const query = Object.fromEntries(new URLSearchParams(search));
  if (meta.literalTitle) return { label: title, ...(meta.titleEn ? { labelEn: meta.titleEn } : {}), value: path, query, meta: {} };
  return { label: translate(`route.${title}`), value: path, query, meta: { i18n: title } };
}

export const firstPageTag = (): Tag => ({ label: website.firstPage.label, value: website.firstPage.value, meta: { i18n: 'dashboard' } });

const same = (a: Tag, b: Tag) => a.value === b.value;

/** Visiting a page adds its tab unless one is there already. */
export function addTag(tags: readonly Tag[], tag: Tag): Tag[] {
  const index = tags.findIndex((t) => same(t, tag));
  if (index === -1) return [...tags, tag];
  // Same page: keep its place, take the newer label and query.
  return tags.map((t, i) => (i === index ? { ...t, ...tag } : t));
}

/**
 * With one tab it is not closable; the first-page tab is closable only when the first-page
 * setting is on.
 */
export function isClosable(tags: readonly Tag[], tag: Tag, isFirstPage: boolean = website.isFirstPage): boolean {
  if (tags.length <= 1) return false;
  if (tag.value === website.firstPage.value && !isFirstPage) return false;
  return tag.close !== false;
}

/** Closing a tab; when it was the active one, the previous tab (or the first) becomes active. */
export function closeTag(tags: readonly Tag[], value: string, active: string): { tags: Tag[]; next: string } {
  const index = tags.findIndex((t) => t.value === value);
  if (index === -1) return { tags: [...tags], next: active };
  const rest = tags.filter((_, i) => i !== index);
  if (value !== active) return { tags: rest, next: active };
  const next = rest[index - 1] ?? rest[0];
  return { tags: rest, next: next?.value ?? website.firstPage.value };
}

/** Keeps the first page and the active tab. */
export function closeOthers(tags: readonly Tag[], active: string): Tag[] {
  return tags.filter((t) => t.value === active || t.value === website.firstPage.value);
}

/** Keeps only the first page (which then becomes active). */
export function closeAll(tags: readonly Tag[]): Tag[] {
  const first = tags.find((t) => t.value === website.firstPage.value);
  return [first ?? firstPageTag()];
}
