/**
 * Error codes of a connection to PostgreSQL that could not be made or broke (network codes of
 * the socket), and of a server that is shutting down or starting up (SQLSTATE class 57P). Read
 * at start (a DATABASE_URL that does not answer) and while serving (an outage answers 503).
 */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether an error means PostgreSQL cannot be reached (rather than a bad query or a refused login). */
export function isConnectionFailure(error: unknown): boolean {
  const { code = '', message = '' } = (error ?? {}) as { code?: string; message?: string };
  if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}
