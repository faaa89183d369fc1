import { isJsonContentType, type Transport } from '@sso/shared-api/auth';

/** A request that has not answered after 60 s fails. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * A request that got no answer: the connection failed, was cut, or the timeout passed. The
 * browser's own message ("Failed to fetch") is English on every screen and tells a user nothing,
 * so this kind of failure is told apart and shown in the language on screen.
 */
export class UnreachableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UnreachableError';
  }
}

/**
 * The SDK's transport on the browser's fetch (no HTTP library: it would add
 * ~14 KB of gzipped JS to the sign-in page). Every HTTP status is an answer: the SDK reads `code` from the
 * body and falls back to the status. Only network failures and the timeout throw.
 */
export function fetchTransport(timeoutMs = REQUEST_TIMEOUT_MS): Transport {
  return async ({ method, url, headers, body, responseType }) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`timeout of ${timeoutMs}ms exceeded`)), timeoutMs);
    try {
      const response = await fetch(url, {
        method,
        headers: typeof body === 'string' ? { ...headers, 'Content-Type': 'application/json' } : headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
      const type = response.headers.get('content-type') ?? undefined;
      if (responseType === 'binary' && !isJsonContentType(type)) {
        const answered = Object.fromEntries(response.headers.entries());
        return { status: response.status, body: new Uint8Array(await response.arrayBuffer()), headers: answered };
      }
      const text = await response.text();
      return { status: response.status, body: parseJson(text) };
    } catch (error) {
      throw new UnreachableError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
