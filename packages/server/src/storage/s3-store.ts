import type { OutboundFetch } from '../net/outbound-guard.js';
import { LOCAL_DOMAIN } from './local-store.js';
import { amzDateOf, authorization, type SigV4Credentials, sha256Hex } from './sigv4.js';
import type { ObjectStore, StoredObject } from './store.js';

interface S3Options extends SigV4Credentials {
  /** http(s)://host[:port] of the S3 API (MinIO, AWS, Aliyun OSS, Tencent COS S3 endpoints). */
  endpoint: string;
  bucket: string;
  /** The connection the tenant's calls go through (checked by the outbound guard); global fetch by default. */
  fetch?: OutboundFetch;
}

const TIMEOUT_MS = 15_000;

/** An S3-compatible bucket, path-style addressed, signed with SigV4 (no SDK). */
export class S3Store implements ObjectStore {
  readonly domain: string;

  constructor(private readonly options: S3Options) {
    this.domain = `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}`;
  }

  /**
   * Links point at the server, not at the bucket: the server applies the file access rules (signed
   * link or a user of the owning tenant) and reads the bucket with the tenant's keys, so the bucket
   * itself can stay private.
   */
  linkOf(name: string): string {
    return `${LOCAL_DOMAIN}?name=${encodeURIComponent(name)}`;
  }

  async put(name: string, data: Uint8Array, contentType: string): Promise<void> {
    const response = await this.send('PUT', name, data, { 'content-type': contentType });
    await expectOk(response);
  }

  async get(name: string): Promise<StoredObject | undefined> {
    const response = await this.send('GET', name);
    if (response.status === 404) return undefined;
    await expectOk(response);
    return {
      data: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async remove(name: string): Promise<void> {
    const response = await this.send('DELETE', name);
    if (response.status !== 404) await expectOk(response);
  }

  private async send(method: string, name: string, body?: Uint8Array, extra: Record<string, string> = {}): Promise<Response> {
    const url = new URL(`${this.domain}/${name.split('/').map(encodeURIComponent).join('/')}`);
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-date': amzDateOf(new Date()),
      'x-amz-content-sha256': payloadHash,
      ...extra,
    };
    headers.authorization = authorization({ method, url, headers, payloadHash }, this.options);
    const { host: _host, ...sent } = headers;
    return (this.options.fetch ?? fetch)(url, {
      method,
      headers: sent,
      body: body ? Buffer.from(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  }
}

async function expectOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
  throw new Error(`S3 answered ${response.status}${code ? ` ${code}` : ''}`);
}
