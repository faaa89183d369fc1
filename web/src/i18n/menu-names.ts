import { en } from './en.js';

/** What names a menu: its name (Chinese), its English name and its i18n key (`meta.i18n`). */
export interface MenuNames {
  name: string;
  nameEn?: string;
  i18n?: string;
}

const englishRoutes: Record<string, string> = en.route;

export const isEnglish = (language: string | undefined) => language === 'en' || Boolean(language?.startsWith('en-'));

/**
 * The English name of a menu: its own English name, else the English route title of its i18n
 * key (as BladeX front ends name a menu by `route.<meta.i18n>`); undefined when it has neither,
 * as a menu an administrator added without one.
 */
export function englishMenuName(menu: Omit<MenuNames, 'name'>): string | undefined {
  if (menu.nameEn?.trim()) return menu.nameEn;
  return menu.i18n ? englishRoutes[menu.i18n] : undefined;
}

/** The name to show in a language: English when there is one, the menu's name otherwise. */
export function menuNameIn(language: string | undefined, menu: MenuNames): string {
  return isEnglish(language) ? (englishMenuName(menu) ?? menu.name) : menu.name;
}
