import fc from 'fast-check';
import { sql } from 'kysely';
import { request } from 'undici';
import { expect, it } from 'vitest';
import { signInAdmin, useTestServer } from '../api-suite.testkit.js';
import { type FuzzRequest, requestsFor } from './fuzz-requests.js';
import { writeCounter } from './write-counter.js';

/**
 * Every route the server registered, present and future, is sent requests generated from its own
 * schemas with hostile values mixed in (query, JSON, form, multipart, wrong content types), as the
 * platform administrator (so the handlers run) and anonymously. No answer may be a 5xx, and an
 * answer of 4xx must leave every business table as it was.
 *
 * Some 650 routes take minutes one after the other, so the routes are dealt out to several suite
 * files (`routes-fuzz-<n>.api.test.ts`), each with its own server and database, which run side by
 * side. A route's cases depend only on its place in the whole list, so they are the same whatever
 * the number of shards.
 */

/** The same cases on every run; FUZZ_SEED explores others (the seed of a failure is printed). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const ADMIN_CASES = 16;
const ANONYMOUS_CASES = 4;
/** Routes that must act on the caller: signing out ends the session the loop uses. */
const EXCLUDED = [/\/oauth\/logout$/];

interface Outcome {
  status: number;
  text: string;
}

type Suite = ReturnType<typeof useTestServer>;

async function send(suite: Suite, route: { method: string }, fuzz: FuzzRequest, token?: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (token) headers['blade-auth'] = `bearer ${token}`;
  if (fuzz.contentType) headers['content-type'] = fuzz.contentType;
  if (fuzz.header) headers[fuzz.header[0]] = fuzz.header[1];
  try {
    const response = await request(`${suite.server.baseUrl}${fuzz.path}`, {
      method: route.method as 'GET' | 'POST',
      headers,
      body: fuzz.body,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const text = await response.body.text();
    return { status: response.statusCode, text: text.slice(0, 300) };
  } catch (error) {
    // The server closed the connection (e.g. an address past the HTTP parser's limit): not a 5xx.
    return { status: 0, text: String(error) };
  }
}

const shown = (fuzz: FuzzRequest) =>
  `${fuzz.path.slice(0, 300)} ${fuzz.header ? JSON.stringify(fuzz.header) : ''} ${fuzz.contentType ?? ''} ${typeof fuzz.body === 'string' ? fuzz.body.slice(0, 300) : fuzz.body ? '<multipart>' : ''}`;

/** Declares the fuzz suite of shard `shard` (from 0) of `shards`: every shards-th route. */
export function fuzzRoutesShard(shard: number, shards: number): void {
  const suite = useTestServer();
  it(`no route answers 5xx, and no refused request writes (routes ${shard + 1} of every ${shards})`, { timeout: 600_000 }, () =>
    fuzzRoutes(suite, shard, shards),
  );
}

async function fuzzRoutes(suite: Suite, shard: number, shards: number): Promise<void> {
  const routes = suite.server.routes.filter((route) => !EXCLUDED.some((pattern) => pattern.test(route.url)));
  const writes = await writeCounter(suite.server.ctx.db as never);
  let token = suite.admin.session?.token.access_token;
  let last = await writes.mark();
  // The counter must see a write that changes no count: an update of one row to itself.
  await sql`update blade_param set remark = remark where id = (select min(id) from blade_param)`.execute(suite.server.ctx.db);
  expect(await writes.tablesWrittenBetween(last, await writes.mark())).toEqual(['blade_param']);
  last = await writes.mark();
  const failures: string[] = [];
  const started = performance.now();
  let sent = 0;
  const statuses = new Map<string, number>();
  for (const [index, route] of routes.entries()) {
    if (index % shards !== shard) continue;
    const cases = fc.sample(requestsFor(route), { numRuns: ADMIN_CASES + ANONYMOUS_CASES, seed: SEED + index });
    for (const [n, fuzz] of cases.entries()) {
      const asAdmin = n < ADMIN_CASES;
      const outcome = await send(suite, route, fuzz, asAdmin ? token : undefined);
      sent++;
      const bucket = `${asAdmin ? 'admin' : 'anonymous'} ${outcome.status}`;
      statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
      const now = await writes.mark();
      const where = `${route.method} ${route.url} (${asAdmin ? 'admin' : 'anonymous'}, seed ${SEED + index} case ${n}): ${shown(fuzz)}`;
      if (outcome.status >= 500) failures.push(`${outcome.status} ${where} -> ${outcome.text}`);
      else if (outcome.status >= 400 && now !== last) {
        failures.push(`${outcome.status} wrote ${await writes.tablesWrittenBetween(last, now)} ${where}`);
      }
      last = now;
      // A generated request may end the administrator's session (e.g. a tenant change): sign in again.
      if (asAdmin && outcome.status === 401) token = (await signInAdmin(suite.server)).session?.token.access_token;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `route fuzz: shard ${shard + 1}/${shards} of ${routes.length} routes, ${sent} requests in ${seconds.toFixed(1)} s, ${failures.length} failures`,
  );
  console.log(
    `answers: ${[...statuses]
      .sort()
      .map(([bucket, count]) => `${bucket}: ${count}`)
      .join(', ')}`,
  );
  expect(failures).toEqual([]);
}
