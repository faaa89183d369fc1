import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  SSO_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SSO_ADMIN_PASSWORD: z.string().min(1).optional(),
  SSO_ISSUER: z.string().url().optional(),
  /** The address browsers reach the server at (behind a proxy): the issuer's origin when SSO_ISSUER is unset. */
  SSO_PUBLIC_URL: z.string().url().optional(),
  SSO_WEB_DIR: z.string().optional(),
  SSO_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  /** Redis for the cluster bus (pub/sub) instead of PostgreSQL LISTEN/NOTIFY. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SSO_WORKER_ID: z.coerce.number().int().min(0).max(1023).optional(),
  SSO_TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /**
   * Whether frequent statements are prepared once per PostgreSQL connection (db/prepared-statements.ts).
   * `false` behind a pooler that hands one client's statements to other server connections
   * (PgBouncer in transaction mode before 1.21, without max_prepared_statements).
   */
  SSO_PG_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  /** Whether every /api call is written to the api log (errors and sign-ins are always recorded). */
  SSO_API_LOG: z.enum(['true', 'false']).default('true'),
  /** argon2id memory in KiB and passes; OWASP minimum is 19456 KiB, t=2. */
  SSO_ARGON2_MEMORY_KIB: z.coerce.number().int().min(19456).default(19456),
  SSO_ARGON2_PASSES: z.coerce.number().int().min(2).default(2),
  /** SM2 key pair (hex, as sm-crypto makes them) for SpringBlade clients' passwords; generated and kept in the database when unset. */
  SSO_SM2_PRIVATE_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
    .optional(),
  SSO_SM2_PUBLIC_KEY: z
    .string()
    .regex(/^04[0-9a-fA-F]{128}$/, 'must be 04 and 128 hex digits')
    .optional(),
  /**
   * Users' phone and email stored SM4-encrypted from the start (the platform's compliance profile
   * for every tenant turns it on too). Once on it stays on: setting it back to false decrypts nothing.
   */
  SSO_ENCRYPT_PERSONAL_DATA: z.enum(['true', 'false']).default('false'),
  /**
   * The master key that wraps the personal-data keys (32 hex digits), or a file holding it: never
   * in the database. Checked when the database opens, with a message that does not repeat it.
   * Neither set: `master.key` in SSO_DATA_DIR, made at the first start (db/master-key.ts).
   */
  SSO_MASTER_KEY: z.string().optional(),
  SSO_MASTER_KEY_FILE: z.string().optional(),
  // How long a key rotation's call rewrites before it answers; the rest goes on in the background.
  SSO_ROTATION_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Reads the environment; a bad variable stops the start with a message that names it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  // Operators read these in English whatever language the API answers in.
  const parsed = schema.safeParse(picked, { error: z.locales.en().localeError });
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (issue) => `  ${issue.path.join('.')}=${JSON.stringify(picked[String(issue.path[0])])}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

export const TEST_MASTER_KEY = '00112233445566778899aabbccddeeff';

/** Configuration for tests and tools: in-memory database, quiet logs, any port. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // SSO_ENCRYPT_PERSONAL_DATA=true runs any suite with users' phone and email encrypted at rest.
  const encrypt = process.env.SSO_ENCRYPT_PERSONAL_DATA;
  return {
    ...loadConfig({
      SSO_DATA_DIR: 'memory://',
      // One master key for every test process: servers sharing a database (a cluster's nodes, a
      // seeded template) open each other's personal-data keys.
      SSO_MASTER_KEY: TEST_MASTER_KEY,
      LOG_LEVEL: 'silent',
      PORT: '0',
      ...(encrypt ? { SSO_ENCRYPT_PERSONAL_DATA: encrypt } : {}),
    }),
    ...overrides,
  };
}
