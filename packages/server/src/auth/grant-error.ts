/** A refused grant: answered as `{ error_code, error_description }` (with Retry-After when throttled). */
export class GrantError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
