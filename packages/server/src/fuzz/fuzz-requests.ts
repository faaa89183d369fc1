import fc from 'fast-check';
import { deeplyNested, HOSTILE_STRINGS, hostileString, MEGABYTE } from './hostile.js';
import { arbitraryFor } from './zod-arbitrary.js';

interface RouteUnderTest {
  method: string;
  url: string;
  schema?: { querystring?: unknown; body?: unknown };
}

type BodyKind = 'none' | 'json' | 'form' | 'multipart' | 'text';

/** One generated request: the path with its query, and the body with its content type. */
export interface FuzzRequest {
  path: string;
  contentType?: string;
  body?: string | Buffer;
  /** A header the application reads, set to a hostile value. */
  header?: [string, string];
}

/** Headers the application reads (tenant, department and role switches, language, request id). */
const READ_HEADERS = ['tenant-id', 'dept-id', 'role-id', 'accept-language', 'x-request-id', 'x-forwarded-for', 'user-agent'];

/** Query values are text: numbers and booleans as written, arrays as repeated keys, the rest as JSON. */
function queryPairs(value: unknown): [string, string][] {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { q: value };
  const pairs: [string, string][] = [];
  for (const [key, item] of Object.entries(object)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      if (one === undefined) continue;
      pairs.push([key, typeof one === 'string' ? one : one === null ? '' : typeof one === 'object' ? JSON.stringify(one) : String(one)]);
    }
  }
  return pairs;
}

/** Percent escapes written as they are (not encoded again): broken ones and encoded controls. */
const RAW_QUERY_TAILS = ['', '', '', '', '&x=%00', '&%ZZ=1', '&y=%E0%A4%A', '&z=%ED%A0%80', '&=&&==', '&a[b]=1&a[c]=2'];

function multipart(fields: [string, string][], filename: string): { contentType: string; body: Buffer } {
  const boundary = `fuzz${Math.random().toString(16).slice(2)}`;
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename.replace(/["\r\n]/g, '_')}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\nPK\u0003\u0004 not a real file\r\n',
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) };
}

/** Header values travel as latin1 text: other characters are sent as their UTF-8 bytes. */
function withHeader(path: string, header: [string, string] | null): FuzzRequest {
  if (!header) return { path };
  const value = Buffer.from(header[1].slice(0, 2000), 'utf8').toString('latin1');
  // Values a client cannot send at all (line breaks, NUL, other controls) are left to the HTTP parser's own tests.
  return /^[\t\x20-\x7e\x80-\xff]*$/.test(value) ? { path, header: [header[0], value] } : { path };
}

/** Requests for one route: its schemas' shapes with hostile values mixed in, in every body encoding. */
export function requestsFor(route: RouteUnderTest): fc.Arbitrary<FuzzRequest> {
  const query = arbitraryFor(route.schema?.querystring ?? { _zod: undefined }, 0.3);
  const bodyValue = fc.oneof(
    { arbitrary: arbitraryFor(route.schema?.body, 0.3), weight: 8 },
    { arbitrary: fc.constant(deeplyNested(200)), weight: 1 },
    { arbitrary: fc.constant({ big: MEGABYTE }), weight: 1 },
  );
  const kinds: BodyKind[] = route.method === 'POST' ? ['json', 'json', 'json', 'form', 'multipart', 'text', 'none'] : ['none'];
  return fc
    .record({
      query,
      tail: fc.constantFrom(...RAW_QUERY_TAILS),
      kind: fc.constantFrom(...kinds),
      body: bodyValue,
      filename: hostileString(),
      header: fc.option(fc.tuple(fc.constantFrom(...READ_HEADERS), hostileString()), { freq: 3 }),
    })
    .map(({ query, tail, kind, body, filename, header }) => {
      const search = new URLSearchParams(queryPairs(query)).toString();
      const request = withHeader(`${route.url}?${search}${tail}`, header);
      switch (kind) {
        case 'json':
          return { ...request, contentType: 'application/json', body: JSON.stringify(body) ?? 'null' };
        case 'form':
          return { ...request, contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(queryPairs(body)).toString() };
        case 'multipart':
          return { ...request, ...multipart(queryPairs(body), filename) };
        case 'text':
          return { ...request, contentType: 'text/plain', body: HOSTILE_STRINGS[3] };
        default:
          return request;
      }
    });
}
