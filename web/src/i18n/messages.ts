import { issueIn, type Said, saidIn, storedTextIn } from '@sso/shared-api';
import i18n from './index.js';
import { isEnglish } from './menu-names.js';

const languageOf = (language: string) => (isEnglish(language) ? 'en' : 'zh');

/**
 * A message in the language on screen, by its id: what the web shows of the catalogue itself (a
 * form's own check before anything is sent). A text without an id (a stored comment) goes by its
 * wording; the server's answers arrive already in the language asked for.
 */
export const messageOnScreen = (said: Said, language: string = i18n.language): string =>
  typeof said === 'string' ? storedTextIn(said, languageOf(language)) : saidIn(said, languageOf(language));

/** A validation issue's message in the language on screen: by the id its schema gave it. */
export const issueOnScreen = (issue: { readonly message: string }, language: string = i18n.language): string => {
  const lang = languageOf(language);
  const translated = issueIn(issue, lang);
  // An issue raised without a message id (a schema not yet worded with one) keeps its wording's English.
  return translated === issue.message ? storedTextIn(issue.message, lang) : translated;
};
