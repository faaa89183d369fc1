import { toEnglish } from '@sso/shared-api';
import i18n from './index.js';
import { isEnglish } from './menu-names.js';

/**
 * A message of the shared [Chinese, English] table in the language on screen. Schemas word their
 * messages in Chinese, as the server does before it translates its answers: whatever the web
 * shows of them itself (a form's own check before anything is sent) goes through the same pairs.
 */
export const messageOnScreen = (message: string, language: string = i18n.language): string =>
  isEnglish(language) ? toEnglish(message) : message;
