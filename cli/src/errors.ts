import { ApiError } from '@sso/shared-api';
import { CommanderError } from 'commander';
import { inLanguage } from './language.js';
import type { GlobalOptions } from './session.js';

/** Exit codes as gh and kubectl use them. */
export const EXIT = { ok: 0, error: 1, usage: 2, denied: 4 } as const;

/** An error the CLI reports as it is, with the exit code it means. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);

/** A row that is not there, named by its command and id; exit 1 like any failed call. */
export const notFound = (resource: string, id: string, lang: GlobalOptions['lang']) =>
  new CliError(`${resource} ${id} ${inLanguage(lang, '不存在', 'not found')}`, EXIT.error);

/** Not signed in (401) or lacking a grant (403) both mean "denied" to a script. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
    return EXIT.usage;
  }
  if (error instanceof ApiError && (error.code === 401 || error.code === 403)) return EXIT.denied;
  return EXIT.error;
}

/** The server's message passed through as it is. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
