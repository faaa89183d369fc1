// A bare oidc-provider (the version packages/server uses) with its built-in in-memory adapter: the
// baseline the platform's refresh grants are compared with. Started as its own process by the bench
// (PORT), so that its CPU time is measured like the platform server's. One confidential client,
// configured as the platform configures its applications where that touches a refresh: Basic
// client authentication, code, refresh and client-credentials grants, ES256 ID tokens, mandatory PKCE, a refresh token
// for every code and a new one on every refresh.
//
// Refresh tokens come from real code flows through the provider's development login and consent
// forms (devInteractions: any login name is an account). They are then made exactly as a browser
// sign-on makes them (bound to the session, under a consented grant, PKCE checked), and the bench
// drives them over HTTP like the platform's own flow; creating them through the provider's models
// here would have to copy the provider's internals.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BARE_CLIENT = {
  appCode: 'bench_bare',
  secret: 'bench_bare_secret',
  redirectUri: 'https://bench.example.com/callback',
};

const DAY = 24 * 3600;

/** The standard claims of the scopes the bench asks (the platform adds its own to these). */
const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
  email: ['email'],
  phone: ['phone_number'],
};

/** Every login name is an account with the same claims, held in memory: no lookup beyond the provider's own. */
const findAccount = (_ctx, sub) => ({
  accountId: sub,
  claims: () => ({ sub, name: 'Bench User', preferred_username: sub, email: `${sub}@bench.example.com`, phone_number: '13800000000' }),
});

async function loadProvider() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const serverRequire = createRequire(join(root, 'packages/server/package.json'));
  const { default: Provider } = await import(pathToFileURL(serverRequire.resolve('oidc-provider')).href);
  return Provider;
}

function es256Key() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'bench', alg: 'ES256', use: 'sig' };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 18_954);
  // The provider warns about the quick-start parts this baseline uses on purpose (in-memory adapter,
  // development forms) and about Node 20; the bench's output carries figures, not those warnings.
  const warn = console.warn;
  console.warn = (first, ...rest) => String(first).includes('oidc-provider WARNING') || warn(first, ...rest);
  const Provider = await loadProvider();
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: BARE_CLIENT.appCode,
        client_secret: BARE_CLIENT.secret,
        redirect_uris: [BARE_CLIENT.redirectUri],
        grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    findAccount,
    claims: SCOPE_CLAIMS,
    scopes: ['openid', 'profile', 'email', 'phone', 'offline_access'],
    jwks: { keys: [es256Key()] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: true }, clientCredentials: { enabled: true } },
    // As the platform: a refresh token for every code of a client allowed the refresh grant.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    pkce: { required: () => true },
    responseTypes: ['code'],
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
  });
  provider.on('server_error', (_ctx, error) => console.error(error));
  provider.listen(port, '127.0.0.1');
}
