import type { GlobalOptions } from './session.js';

/**
 * The CLI's own words follow --lang as the server's messages do: English for `--lang en`; otherwise
 * Chinese, with the English in brackets as every other message of the CLI has it.
 */
export function inLanguage(lang: GlobalOptions['lang'] | undefined, chinese: string, english: string): string {
  return lang === 'en' ? english : `${chinese} (${english})`;
}

/** The prefix of a failure on stderr: `Error:` under --lang en, `错误:` otherwise. */
export const errorPrefix = (lang: GlobalOptions['lang'] | undefined) => (lang === 'en' ? 'Error:' : '错误:');
