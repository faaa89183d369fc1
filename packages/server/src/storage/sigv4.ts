import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for S3 (docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html). */
export interface SigV4Credentials {
  accessKey: string;
  secretKey: string;
  region: string;
  service?: string;
}

interface SignableRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** Hex SHA-256 of the payload (also sent as x-amz-content-sha256). */
  payloadHash: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding as SigV4 wants it; slashes kept in paths. */
function uriEncode(text: string, keepSlash: boolean): string {
  return Array.from(new TextEncoder().encode(text))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === '/')) return c;
      return `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

export function canonicalRequest(request: SignableRequest): { text: string; signedHeaders: string } {
  const names = Object.keys(request.headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const headers = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const query = [...request.url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const path = uriEncode(decodeURIComponent(request.url.pathname), true);
  const signedHeaders = names.join(';');
  return { text: [request.method, path, query, headers, signedHeaders, request.payloadHash].join('\n'), signedHeaders };
}

/** The Authorization header value for a request whose headers include host and x-amz-date. */
export function authorization(request: SignableRequest, credentials: SigV4Credentials): string {
  const amzDate = request.headers['x-amz-date'];
  if (!amzDate) throw new Error('x-amz-date is required');
  const day = amzDate.slice(0, 8);
  const service = credentials.service ?? 's3';
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(request);
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(text)].join('\n');
  let key = hmac(`AWS4${credentials.secretKey}`, day);
  for (const part of [credentials.region, service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** 20130524T000000Z */
export const amzDateOf = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
