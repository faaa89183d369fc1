import type { Transport } from '@sso/shared-api/auth';
import i18n from '../i18n/index.js';

/**
 * Every call asks for the language on screen (`Accept-Language`), not the browser's: the server
 * words its messages, token errors and the display names it fills in (type, status, dictionary
 * labels) in that language, so an English screen gets English answers on a Chinese browser and a
 * Chinese screen Chinese ones on an English browser.
 */
export function inScreenLanguage(transport: Transport): Transport {
  return (request) =>
    transport({ ...request, headers: { ...request.headers, 'Accept-Language': i18n.language === 'en' ? 'en' : 'zh-CN' } });
}
