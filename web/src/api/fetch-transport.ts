import { isJsonContentType, type Transport } from '@sso/shared-api/auth';

/** A request that has not answered after 60 s fails. */
const REQUEST_TIMEOUT_MS = 60_000;

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
