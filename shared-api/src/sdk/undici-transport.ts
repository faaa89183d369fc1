import { Agent, request } from 'undici';
import { isJsonContentType, type Transport } from './transport.js';

/** Node transport for the CLI, the TUI and tests: keep-alive connections through undici. */
export function undiciTransport(options: { timeoutMs?: number } = {}): Transport {
  const timeout = options.timeoutMs ?? 60_000;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, headersTimeout: timeout, bodyTimeout: timeout });
  return async ({ method, url, headers, body, responseType }) => {
    const encoded = await encodeBody(body);
    const response = await request(url, {
      method,
      headers: encoded.contentType ? { ...headers, 'content-type': encoded.contentType } : headers,
      body: encoded.body,
      dispatcher,
    });
    const contentType = response.headers['content-type'];
    if (responseType === 'binary' && !isJsonContentType(Array.isArray(contentType) ? contentType[0] : contentType)) {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, [value ?? ''].flat().join(', ')]));
      return { status: response.statusCode, body: new Uint8Array(await response.body.arrayBuffer()), headers };
    }
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

/** JSON as it is; a FormData as multipart bytes (the global Response encodes it with its boundary). */
async function encodeBody(body: string | FormData | undefined): Promise<{ body?: string | Uint8Array; contentType?: string }> {
  if (body === undefined) return {};
  if (typeof body === 'string') return { body, contentType: 'application/json' };
  const multipart = new Response(body);
  return { body: new Uint8Array(await multipart.arrayBuffer()), contentType: multipart.headers.get('content-type') ?? undefined };
}
