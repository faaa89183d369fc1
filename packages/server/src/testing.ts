import { randomBytes } from 'node:crypto';
import { type ClientOptions, memoryStore, SsoClient } from '@sso/shared-api';
import { undiciTransport } from '@sso/shared-api/node';
import { testTool } from '@sso/shared-api/testkit';
import pg from 'pg';
import { type BuildOptions, buildServer, type Server } from './app.js';
import { type Config, testConfig } from './kernel/config.js';
import { seededSnapshot } from './seeded-snapshot.testkit.js';
import { seededTemplate, urlOf } from './seeded-template.testkit.js';
import { installTestTool } from './throwaway-resource.testkit.js';

/**
 * A real server for tests: in-memory PGlite (loaded from a migrated and seeded snapshot, see
 * seeded-snapshot.testkit.ts), or a fresh PostgreSQL database when SSO_TEST_DATABASE_URL names a
 * server (a copy of a migrated and seeded template, see seeded-template.testkit.ts; dropped on
 * close).
 */
export interface TestServer extends Server {
  baseUrl: string;
  /** A new SDK client against this server (not signed in). */
  client(options?: Partial<ClientOptions>): SsoClient;
  /** A client signed in as admin/admin. */
  admin(): Promise<SsoClient>;
}

export const postgresUnderTest = () => process.env.SSO_TEST_DATABASE_URL;

export async function startTestServer(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestServer> {
  const adminUrl = postgresUnderTest();
  let dropDatabase: (() => Promise<void>) | undefined;
  // The seeded admin keeps admin/admin without a forced change, unless a suite walks that change
  // itself (it passes SSO_ADMIN_PASSWORD: undefined, as a first start without the variable).
  const config = testConfig({ SSO_ADMIN_PASSWORD: 'admin', ...overrides });
  // A suite that names its own database (a second node, a restart) gets it as it is, kept on close.
  if (adminUrl && !overrides.DATABASE_URL) {
    const name = `sso_test_${randomBytes(6).toString('hex')}`;
    const template = await seededTemplate(adminUrl, config);
    await withPg(adminUrl, (c) => c.query(`create database ${name} template ${template}`));
    config.DATABASE_URL = urlOf(adminUrl, name);
    dropDatabase = () => withPg(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined);
  }
  // In memory, the database starts migrated and seeded; a suite's own directory or database does not.
  const inMemory = config.SSO_DATA_DIR === 'memory://' && !config.DATABASE_URL;
  const initialData = inMemory && !options.initialData ? await seededSnapshot(config) : options.initialData;
  const server = await buildServer(config, { testHooks: true, ...options, initialData });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const transport = undiciTransport();
  const client = (options: Partial<ClientOptions> = {}) => new SsoClient({ baseUrl, transport, store: memoryStore(), ...options });
  return {
    ...server,
    baseUrl,
    client,
    admin: async () => {
      const sdk = client();
      await sdk.login({ username: 'admin', password: 'admin' });
      return sdk;
    },
    close: async () => {
      await server.close();
      await dropDatabase?.();
    },
  };
}

async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The region sheet's reader and writer, for browser suites that check an export and build an import. */
export { readRegions, writeRegions } from './resources/region/excel.js';
/** A real OpenID Connect provider on 127.0.0.1, for suites of social sign-in. */
export { startTestIdp, type TestIdp } from './social/test-idp.testkit.js';

/**
 * A test server serving the test-only resource `testtool` of `@sso/shared-api/testkit` by the
 * generic routes, its table made and its menu granted: what the front ends' suites run against.
 */
export async function startServerWithTestTool(): Promise<TestServer> {
  const server = await startTestServer({}, { testResources: [testTool] });
  await installTestTool(server, await server.admin());
  return server;
}
