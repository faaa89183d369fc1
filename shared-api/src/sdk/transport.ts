/** What the SDK needs from HTTP: one request in, status and parsed JSON body out. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** JSON text, or a multipart form (its content type and boundary are set by the transport). */
  body?: string | FormData;
  /** 'binary': an answer that is not JSON comes back as bytes (file downloads). */
  responseType?: 'json' | 'binary';
}
export interface HttpResponse {
  status: number;
  /** Parsed JSON, text, or a Uint8Array for a binary answer. */
  body: unknown;
  /** A binary answer's headers, names in lower case (a signed export's digest and signature). */
  headers?: Record<string, string>;
}

export const isJsonContentType = (type: string | undefined) => !type || /\bjson\b/i.test(type);
export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Query string of the defined values; arrays are comma-joined as BladeX expects. */
export function toQueryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
