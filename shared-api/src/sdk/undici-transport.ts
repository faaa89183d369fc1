import { Agent, request } from 'undici';
import type { Transport } from './transport.js';

/** Node transport for the CLI, the TUI and tests: keep-alive connections through undici. */
export function undiciTransport(options: { timeoutMs?: number } = {}): Transport {
  const timeout = options.timeoutMs ?? 60_000;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, headersTimeout: timeout, bodyTimeout: timeout });
  return async ({ method, url, headers, body }) => {
    const response = await request(url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body,
      dispatcher,
    });
    const text = await response.body.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: hand the text on
    }
    return { status: response.statusCode, body: parsed };
  };
}
