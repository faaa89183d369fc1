// Directory sync at a group's size, from a local OpenLDAP server (Debian's slapd) this script starts:
// 50,000 people in 3,000 departments (30 divisions of 99 teams). Prints the time and the server's
// CPU of the full first sync (POST sync-source/apply) and of a re-run with nothing changed, then
// password sign-ins per second and per core of the server: people synced from the directory (the
// password sealed with the platform's SM2 key, checked by a bind to slapd) beside the platform
// password (argon2id) on the same server. Targets of issue 29: full sync under 60 s, re-run under
// 10 s. Prints figures, asserts nothing. In-memory PGlite. Skipped with a message without slapd.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminGrant, basic, cpuSeconds, md5, startPlatformServer, stopProcess } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { sm2 } = createRequire(join(root, 'packages/server/package.json'))('sm-crypto');
const SLAPD = '/usr/sbin/slapd';
const SUFFIX = 'dc=bench,dc=example';
const ROOT_DN = `cn=admin,${SUFFIX}`;
const ROOT_PASSWORD = 'Bench-Root-4242';
const PERSON_PASSWORD = 'Bench-Dir-4242';
const DIVISIONS = 30;
const TEAMS = 99;
const PEOPLE = Number(process.env.BENCH_SYNC_PEOPLE ?? 50_000);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The tree as LDIF: the organisation, 30 divisions of 99 teams, the people spread over the teams. */
function ldif() {
  const lines = [`dn: ${SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Bench', 'dc: bench', ''];
  const teamDns = [];
  for (let d = 0; d < DIVISIONS; d++) {
    const division = `ou=Division ${d},${SUFFIX}`;
    lines.push(`dn: ${division}`, 'objectClass: organizationalUnit', `ou: Division ${d}`, '');
    for (let t = 0; t < TEAMS; t++) {
      const team = `ou=Team ${d}-${t},${division}`;
      teamDns.push(team);
      lines.push(`dn: ${team}`, 'objectClass: organizationalUnit', `ou: Team ${d}-${t}`, '');
    }
  }
  for (let i = 0; i < PEOPLE; i++) {
    const uid = `d${String(i).padStart(5, '0')}`;
    lines.push(
      `dn: uid=${uid},${teamDns[i % teamDns.length]}`,
      'objectClass: inetOrgPerson',
      `uid: ${uid}`,
      `cn: Person ${i}`,
      'sn: P',
      `displayName: Person ${i}`,
      `employeeNumber: B${String(i).padStart(6, '0')}`,
      `mail: ${uid}@bench.example`,
      `mobile: 137${String(i).padStart(8, '0')}`,
      `userPassword: ${PERSON_PASSWORD}`,
      '',
    );
  }
  return lines.join('\n');
}

/** slapd in a temporary folder, the tree loaded offline with slapadd; stopped and removed by `stop`. */
async function startSlapd() {
  const dir = mkdtempSync(join(tmpdir(), 'sso-bench-slapd-'));
  mkdirSync(join(dir, 'db'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'sizelimit unlimited',
      'database mdb',
      'maxsize 2147483648',
      `suffix "${SUFFIX}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PASSWORD}`,
      `directory ${join(dir, 'db')}`,
      'index objectClass,uid eq',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'tree.ldif'), ldif());
  const loadStart = Date.now();
  execFileSync('/usr/sbin/slapadd', ['-q', '-f', conf, '-l', join(dir, 'tree.ldif')], { stdio: 'pipe' });
  const loadSeconds = (Date.now() - loadStart) / 1000;
  const url = `ldap://127.0.0.1:${await freePort()}`;
  const child = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '8'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // The bench's own copy, whatever ends the bench (an error, Ctrl-C): never left running, its folder never left behind.
  const leave = () => {
    if (child.exitCode === null) child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', leave);
  const stop = async () => {
    if (child.exitCode === null) child.kill();
    await exited;
    process.off('exit', leave);
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = await new Promise((resolve) => {
    let said = '';
    const listen = (chunk) => {
      said += chunk.toString();
      if (/epoll: listen=\d/.test(said)) {
        child.stderr.off('data', listen);
        child.stderr.resume();
        resolve(true);
      }
    };
    child.stderr.on('data', listen);
    child.once('exit', () => resolve(false));
  });
  if (!ready) {
    await stop();
    throw new Error('slapd did not start');
  }
  return { url, dir, pid: child.pid, loadSeconds, stop };
}

/**
 * Password grants by `workers` loops for `seconds`, each taking the next query of `queries` (with
 * `once`, each query at most once: the run ends early when they are used up): grants/s, per core of
 * the server process, the other processes' CPU (slapd), p50.
 */
async function signIns(base, pids, queries, workers, seconds, once = false) {
  const latencies = [];
  let next = 0;
  let failed = 0;
  const cpuBefore = await Promise.all(pids.map(cpuSeconds));
  const started = Date.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until && !(once && next >= queries.length)) {
        const query = queries[next++ % queries.length];
        const started = performance.now();
        const response = await fetch(`${base}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { authorization: basic } });
        const body = await response.json();
        latencies.push(performance.now() - started);
        if (!body.access_token) failed++;
      }
    }),
  );
  const cpu = (await Promise.all(pids.map(cpuSeconds))).map((after, i) => after - cpuBefore[i]);
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    perServerCore: latencies.length / Math.max(cpu[0], 0.01),
    directoryCpu: cpu[1] ?? 0,
    p50: latencies[Math.floor(latencies.length / 2)] ?? 0,
    count: latencies.length,
    failed,
  };
}

export async function benchSync({ script, port, seconds }) {
  if (!existsSync(SLAPD)) {
    console.log(`no ${SLAPD} (Debian's slapd): the directory sync bench is skipped`);
    return;
  }
  const slapd = await startSlapd();
  console.log(
    `slapd (the bench's own, ${slapd.url}, data in ${slapd.dir}): ${PEOPLE} people in ${DIVISIONS * (TEAMS + 1)} departments loaded with slapadd in ${slapd.loadSeconds.toFixed(1)} s`,
  );
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SSO_ADMIN_PASSWORD: 'admin',
    SSO_API_LOG: 'false',
    SSO_DATA_DIR: 'memory://',
  };
  // BENCH_SYNC_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_SYNC_PROFILE;
  const server = await startPlatformServer(script, env, `${base}/health`, profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []);
  try {
    const headers = {
      authorization: basic,
      'blade-auth': `bearer ${(await adminGrant(base)).access_token}`,
      'content-type': 'application/json',
    };
    // node:http rather than fetch: a full sync on a loaded machine may answer after fetch's 300 s headers timeout.
    const call = (path, body) =>
      new Promise((resolve, reject) => {
        const request = httpRequest(`${base}/api/${path}`, { method: 'POST', headers }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            if (answer.code !== 200) reject(new Error(`${path}: ${answer.msg}`));
            else resolve(answer.data);
          });
        });
        request.on('error', reject);
        request.end(JSON.stringify(body ?? {}));
      });
    const source = await call('blade-system/sync-source/submit', {
      name: 'Bench directory',
      kind: 'ldap',
      url: slapd.url,
      bindDn: ROOT_DN,
      bindPassword: ROOT_PASSWORD,
      baseDn: SUFFIX,
    });
    const timedApply = async (name) => {
      const cpuBefore = await cpuSeconds(server.pid);
      const started = Date.now();
      const answer = await call(`blade-system/sync-source/apply?id=${source.id}`);
      const wall = (Date.now() - started) / 1000;
      const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
      const counts = `${answer.creates} created, ${answer.updates} updated, ${answer.moves} moved, ${answer.disables} disabled, ${answer.errors} errors`;
      console.log(`${name.padEnd(34)} ${wall.toFixed(1).padStart(6)} s wall ${cpu.toFixed(1).padStart(6)} s server CPU   ${counts}`);
    };
    // Before: the figures of the per-row writes (one statement per department, user and link, the
    // links read again for every batch), measured on this bench before the batched writes.
    console.log(
      'before the batched writes: full sync 151 s wall on a quiet machine, 208 s wall / 93.5 s server CPU on a loaded one; re-run 13.5 s wall / 7.1 s server CPU',
    );
    await timedApply('full sync (target < 60 s)');
    await timedApply('re-run, no change (target < 10 s)');

    const publicKey = (await (await fetch(`${base}/api/blade-auth/sm2/public-key`)).json()).data;
    // Sealed before the load: the client's SM2 work is not what is measured. A person's successful
    // bind is remembered for a minute, so the first pass takes each of 3,000 people once (every
    // sign-in a bind), the second the same people again (remembered outcomes).
    const distinct = Math.min(3000, PEOPLE);
    const directoryQueries = Array.from({ length: distinct }, (_, i) =>
      new URLSearchParams({
        grant_type: 'password',
        scope: 'all',
        tenantId: '000000',
        username: `d${String(i * Math.floor(PEOPLE / distinct)).padStart(5, '0')}`,
        password: `04${sm2.doEncrypt(PERSON_PASSWORD, publicKey, 1)}`,
      }).toString(),
    );
    const platformQueries = [
      new URLSearchParams({
        grant_type: 'password',
        scope: 'all',
        tenantId: '000000',
        username: 'admin',
        password: md5('admin'),
      }).toString(),
    ];
    const workers = 8;
    const directory = await signIns(base, [server.pid, slapd.pid], directoryQueries, workers, seconds, true);
    const remembered = await signIns(base, [server.pid, slapd.pid], directoryQueries.slice(0, directory.count), workers, seconds);
    await signIns(base, [server.pid], platformQueries, workers, 2);
    const platform = await signIns(base, [server.pid], platformQueries, workers, seconds);
    console.log(
      'sign-in'.padEnd(44),
      'per s'.padStart(7),
      'per core'.padStart(9),
      'p50 ms'.padStart(7),
      'failed'.padStart(7),
      'slapd CPU s'.padStart(12),
    );
    for (const [name, r] of [
      ['directory password (SM2-sealed, LDAP bind)', directory],
      ['directory password, outcome remembered', remembered],
      ['platform password (argon2id)', platform],
    ])
      console.log(
        name.padEnd(44),
        r.perSecond.toFixed(0).padStart(7),
        r.perServerCore.toFixed(0).padStart(9),
        r.p50.toFixed(1).padStart(7),
        String(r.failed).padStart(7),
        r.directoryCpu.toFixed(1).padStart(12),
      );
    console.log("(per core: sign-ins per CPU-second of the server process; slapd's own CPU beside it)");
  } finally {
    await stopProcess(server);
    await slapd.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Interrupted, the bench still stops its slapd and removes its folder (the 'exit' handlers run).
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  await benchSync({
    script: process.env.BENCH_SERVER_SCRIPT ?? join(root, 'packages/server/dist/main.js'),
    port: 18_975,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
  });
}
