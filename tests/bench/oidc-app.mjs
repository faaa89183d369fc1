// The platform server the OpenID Connect bench drives: started on a store of its own, with one oidc
// application the admin may open (its client id, redirect URI and Basic credentials).
import { adminGrant, startPlatformServer } from './processes.mjs';
import { scratchPostgres } from './users-page.mjs';

/**
 * A throw-away store of `kind`: a PostgreSQL database (undefined when none answers) or PGlite in
 * memory, with the server's environment for it.
 */
async function scratchStore(kind) {
  if (kind === 'PGlite') return { kind, env: { SSO_DATA_DIR: 'memory://' }, drop: async () => {} };
  const database = await scratchPostgres();
  return database && { kind, url: database.url, env: { DATABASE_URL: database.url }, drop: database.drop };
}

/** The bench's store: PostgreSQL when one answers (unless BENCH_OIDC_STORE=PGlite), else PGlite. */
export async function benchStore() {
  if (process.env.BENCH_OIDC_STORE !== 'PGlite') {
    const postgres = await scratchStore('PostgreSQL');
    if (postgres) return postgres;
  }
  return scratchStore('PGlite');
}

/** Registers the bench's oidc application and grants it to the admin. */
async function registerApp(base, admin) {
  const call = async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'blade-auth': `bearer ${admin.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!answer.success) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };
  const redirectUri = 'https://bench.example.com/callback';
  const row = await call('/api/blade-aps/app/submit', {
    appCode: 'bench_oidc',
    appName: '压测应用',
    appType: '1',
    appCategory: '1',
    appUrl: 'https://bench.example.com/',
    redirectUris: redirectUri,
    protocol: 'oidc',
    status: 1,
  });
  await call('/api/blade-aps/appuser/submit', { appId: String(row.id), userId: String(admin.user_id) });
  return { appCode: 'bench_oidc', redirectUri, basic: `Basic ${Buffer.from(`bench_oidc:${row.clientSecret}`).toString('base64')}` };
}

/** Starts `script` on `port` over `store`: the process, its base URL, the admin's tokens and the application. */
export async function startOidcServer(script, port, store) {
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_API_LOG: 'false',
    ...store.env,
  };
  const server = await startPlatformServer(script, env, `${base}/health`);
  const admin = await adminGrant(base);
  return { server, base, admin, app: await registerApp(base, admin) };
}
