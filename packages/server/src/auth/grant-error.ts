import type { Message } from '@sso/shared-api';

/** A refused grant: answered as `{ error_code, error_description }` (with Retry-After when throttled). */
export class GrantError extends Error {
  constructor(
    readonly status: number,
    /** The refusal with its id, so the answer is translated by it (its `message` is the Chinese). */
    readonly said: Message,
    readonly retryAfterSeconds?: number,
  ) {
    super(said.text);
  }
}
