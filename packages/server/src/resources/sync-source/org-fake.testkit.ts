import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server playing an organisation API (WeCom, DingTalk, Feishu) over one shared
 * organisation: a department tree four levels deep and a dozen people. Tests change the
 * organisation between runs, and ask for the next call of a path to be refused for its rate.
 */
export interface OrgDept {
  id: string;
  name: string;
  parent: string | null;
  leader?: string;
}
export interface OrgPerson {
  id: string;
  name: string;
  code: string;
  mobile: string;
  email: string;
  dept: string;
  active: boolean;
}

/** 公司 › Head › Finance › Payables, 公司 › Sales › North: the full tree peers fail to bring. */
export function sampleOrganisation(): { depts: OrgDept[]; people: OrgPerson[] } {
  const depts: OrgDept[] = [
    { id: '1', name: 'Example Group', parent: null },
    { id: '2', name: 'Head', parent: '1', leader: 'u01' },
    { id: '3', name: 'Finance', parent: '2', leader: 'u02' },
    { id: '4', name: 'Payables', parent: '3' },
    { id: '5', name: 'Sales', parent: '1' },
    { id: '6', name: 'North', parent: '5' },
  ];
  const homes = ['2', '3', '4', '4', '5', '6'];
  const people = Array.from({ length: 12 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return {
      id: `u${n}`,
      name: `Person ${n}`,
      code: `E20${n}`,
      mobile: `1390000${n}00`,
      email: `person${n}@example.com`,
      dept: homes[i % homes.length] as string,
      active: true,
    };
  });
  return { depts, people };
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}
export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface OrgFake {
  url: string;
  /** Every call as `METHOD path`, in order. */
  calls: string[];
  /** The next call of this path answers the vendor's refusal for the call rate. */
  limitNext(path: string): void;
  close(): Promise<void>;
}

export async function startOrgFake(
  handle: (request: FakeRequest) => FakeAnswer,
  rateLimited: (request: FakeRequest) => FakeAnswer,
): Promise<OrgFake> {
  const calls: string[] = [];
  const limited = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {}
      const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      calls.push(`${request.method} ${request.path}`);
      let answer: FakeAnswer;
      if (limited.delete(request.path)) answer = rateLimited(request);
      else {
        try {
          answer = handle(request);
        } catch (error) {
          answer = { status: 500, body: { error: (error as Error).message } };
        }
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    limitNext: (path) => limited.add(path),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
