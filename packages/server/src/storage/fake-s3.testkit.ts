import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authorization, sha256Hex } from './sigv4.js';

/**
 * A small S3-compatible server for tests: path-style buckets kept in memory, every request's
 * SigV4 Authorization recomputed from what arrived (signed headers, query, payload hash, which
 * must match the body) and refused with SignatureDoesNotMatch when it differs.
 */
export interface LocalS3 {
  endpoint: string;
  objects: Map<string, { data: Buffer; contentType: string }>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

export async function startLocalS3(input: { accessKey: string; secretKey: string; region: string; buckets: string[] }): Promise<LocalS3> {
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const state = { refused: 0 };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const xml = (status: number, code: string) => {
      response.writeHead(status, { 'content-type': 'application/xml' });
      response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    };
    if (!signatureMatches(request, body, input)) {
      state.refused++;
      return xml(403, 'SignatureDoesNotMatch');
    }
    const url = new URL(request.url ?? '/', 'http://local');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    if (!bucket || !input.buckets.includes(bucket)) return xml(404, 'NoSuchBucket');
    const id = `${bucket}/${key}`;
    if (request.method === 'PUT') {
      objects.set(id, { data: body, contentType: String(request.headers['content-type'] ?? 'application/octet-stream') });
      response.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
      return response.end();
    }
    const found = objects.get(id);
    if (request.method === 'GET') {
      if (!found) return xml(404, 'NoSuchKey');
      response.writeHead(200, { 'content-type': found.contentType, 'content-length': found.data.length });
      return response.end(found.data);
    }
    if (request.method === 'DELETE') {
      objects.delete(id);
      response.writeHead(204);
      return response.end();
    }
    return xml(405, 'MethodNotAllowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    get refused() {
      return state.refused;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function signatureMatches(
  request: IncomingMessage,
  body: Buffer,
  creds: { accessKey: string; secretKey: string; region: string },
): boolean {
  const header = String(request.headers.authorization ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/.exec(
      header,
    );
  if (!match || match[1] !== creds.accessKey || match[3] !== creds.region) return false;
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256Hex(body)) return false;
  const signed = (match[4] ?? '').split(';');
  if (!signed.includes('host') || !signed.includes('x-amz-date')) return false;
  const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name] ?? '')]));
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  const expected = authorization({ method: request.method ?? 'GET', url, headers, payloadHash }, creds);
  return expected === header;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
