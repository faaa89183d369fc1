import { ApiError, type Message } from '@sso/shared-api';
import type { SecurityEvent } from './security-events.js';

/**
 * A refusal that is itself a security event (a grant the separation of the three administrators
 * forbids): answered as a 400 like any bad input, and logged with outcome `failure`. The change
 * it refused is rolled back with its transaction, so the event cannot be written in it: the
 * error carries the event and the error handlers write it once the transaction is over.
 */
export class SecurityRefusal extends ApiError {
  constructor(
    message: Message,
    readonly event: SecurityEvent,
  ) {
    super(400, message);
    this.name = 'SecurityRefusal';
  }
}

/** Writes the event of a refusal (the error handlers call it before answering); other errors are left alone. */
export async function recordRefusal(audit: { record(event: SecurityEvent): Promise<void> }, error: unknown): Promise<void> {
  if (error instanceof SecurityRefusal) await audit.record({ ...error.event, outcome: 'failure' });
}
