// The argon2id ceiling of a password sign-in: a bare HTTP server whose every request verifies one
// password digest against an argon2id hash of the platform's cost (SSO_ARGON2_MEMORY_KIB,
// SSO_ARGON2_PASSES, one lane, as the server hashes), with the library the server itself loads.
// Nothing else is done per request, so its verifications per CPU-second are what a sign-in could
// reach at most on this machine.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverPackage = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'server', 'package.json');
const { hash, verify } = createRequire(serverPackage)('@node-rs/argon2');

const digest = createHash('md5').update('admin').digest('hex');
const stored = await hash(digest, {
  algorithm: 2, // argon2id
  memoryCost: Number(process.env.SSO_ARGON2_MEMORY_KIB ?? 19_456),
  timeCost: Number(process.env.SSO_ARGON2_PASSES ?? 2),
  parallelism: 1,
});

createServer((request, response) => {
  request.resume();
  request.on('end', async () => {
    const ok = await verify(stored, digest).catch(() => false);
    response.writeHead(ok ? 200 : 500, { 'content-type': 'application/json' }).end(JSON.stringify({ ok }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
