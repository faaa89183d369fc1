import { buildServer } from '../app.js';
import { testConfig } from '../kernel/config.js';

/**
 * One more node of a test cluster, in its own process: a server on DATABASE_URL (and REDIS_URL
 * when set) listening on a free port, which it prints as `PORT <n>`; it stops when its stdin closes.
 */
const server = await buildServer(
  testConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL || undefined,
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_TRUST_PROXY: 'true',
    SSO_CACHE_TTL_MS: Number(process.env.SSO_CACHE_TTL_MS ?? 60_000),
  }),
);
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().then(() => process.exit(0));
});
