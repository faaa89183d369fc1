import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { website } from '../config.js';
import { en } from './en.js';
import { zhCN } from './zh-cn.js';

/** zh-CN by default, en as the alternative; the choice is remembered. */
export const LANGUAGE_KEY = `${website.key}-language`;
export type Language = 'zh-CN' | 'en';

function savedLanguage(): Language {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return saved === 'en' ? 'en' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: savedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (lng) => {
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_KEY, lng);
});

export default i18n;

/**
 * Strings of a lazily loaded screen, kept beside it and added under `key` when its chunk loads
 * (`t('userScreen.unlock')`), so screens never edit the shared language files.
 */
export function addScreenStrings<T extends Record<string, unknown>>(key: string, strings: { 'zh-CN': T; en: T }) {
  i18n.addResourceBundle('zh-CN', 'translation', { [key]: strings['zh-CN'] }, true, false);
  i18n.addResourceBundle('en', 'translation', { [key]: strings.en }, true, false);
}
