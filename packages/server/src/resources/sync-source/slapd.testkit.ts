import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'ldapts';

/**
 * A private OpenLDAP server (Debian's slapd) for one suite: a temporary folder with a slapd.conf,
 * an mdb database loaded offline with slapadd (which gives every entry its entryUUID) or, with the
 * memberof overlay, online with one ldapadd once slapd listens; listening
 * on a free port of 127.0.0.1. `admin()` is a client bound as the root DN, to change the tree
 * between syncs.
 */
export const SLAPD = '/usr/sbin/slapd';
export const SUFFIX = 'dc=example,dc=com';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = 'Root-Secret-4242';

export interface Slapd {
  url: string;
  /** ldaps:// on a second port, with a self-signed certificate (StartTLS works on `url` too). */
  secureUrl: string;
  /** Whether the memberof overlay runs (asked for and shipped here). */
  memberOf: boolean;
  admin(): Promise<Client>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** One LDIF entry: its DN, then one line per value. */
export const ldifEntry = (dn: string, attributes: Record<string, string | string[]>) =>
  [
    `dn: ${dn}`,
    ...Object.entries(attributes).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`)),
  ].join('\n');

/**
 * The tree: the organisation, OUs (parents before children), people in them as inetOrgPerson
 * entries, then any further entries (groups) as LDIF blocks made with `ldifEntry`.
 */
export function ldifOf(ous: readonly { path: readonly string[] }[], people: readonly Person[], more: readonly string[] = []): string {
  const blocks = [ldifEntry(SUFFIX, { objectClass: ['dcObject', 'organization'], o: 'Example', dc: 'example' })];
  for (const { path } of ous) blocks.push(ldifEntry(ouDn(path), { objectClass: 'organizationalUnit', ou: path[path.length - 1] }));
  for (const p of people) blocks.push(ldifEntry(personDn(p), personAttributes(p)));
  blocks.push(...more);
  return `${blocks.join('\n\n')}\n`;
}

export interface Person {
  uid: string;
  cn: string;
  employeeNumber: string;
  mail: string;
  mobile: string;
  ou: readonly string[];
  /** Stored as given (slapd compares a plain userPassword on bind). */
  userPassword?: string;
}

/** `ou=Child,ou=Parent,dc=…` for the path [Parent, Child]. */
export const ouDn = (path: readonly string[]) => [...[...path].reverse().map((ou) => `ou=${ou}`), SUFFIX].join(',');
export const personDn = (p: Pick<Person, 'uid' | 'ou'>) => `uid=${p.uid},${ouDn(p.ou)}`;
export const personAttributes = (p: Person) => ({
  objectClass: 'inetOrgPerson',
  uid: p.uid,
  cn: p.cn,
  sn: p.cn.slice(0, 1),
  displayName: p.cn,
  employeeNumber: p.employeeNumber,
  mail: p.mail,
  mobile: p.mobile,
  ...(p.userPassword ? { userPassword: p.userPassword } : {}),
});

/** Debian's memberof overlay (keeps `memberOf` on the members of groupOfNames groups, as Active Directory does). */
export const MEMBEROF_MODULE = '/usr/lib/ldap/memberof.la';
const LDAPADD = '/usr/bin/ldapadd';
const run = promisify(execFile);

export interface SlapdOptions {
  /**
   * Load the memberof overlay (when Debian ships it) and the tree online with one ldapadd, so the
   * overlay writes each member's memberOf as its groups are added (slapadd bypasses overlays).
   */
  memberOf?: boolean;
}

/** Starts slapd with the LDIF loaded; undefined with the reason when it cannot run here. */
export async function startSlapd(ldif: string, options: SlapdOptions = {}): Promise<Slapd | string> {
  if (!existsSync(SLAPD))
    return `no ${SLAPD} (Debian's slapd and ldap-utils): the directory sync cases against a real LDAP server are skipped`;
  const dir = mkdtempSync(join(tmpdir(), 'sso-slapd-'));
  mkdirSync(join(dir, 'db'));
  const memberOf = Boolean(options.memberOf) && existsSync(MEMBEROF_MODULE) && existsSync(LDAPADD);
  const conf = join(dir, 'slapd.conf');
  // A self-signed certificate for ldaps:// and StartTLS.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((schema) => `include /etc/ldap/schema/${schema}.schema`),
      `TLSCertificateFile ${join(dir, 'cert.pem')}`,
      `TLSCertificateKeyFile ${join(dir, 'key.pem')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      ...(memberOf ? ['moduleload memberof'] : []),
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 104857600',
      `suffix "${SUFFIX}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PASSWORD}`,
      `directory ${join(dir, 'db')}`,
      'index objectClass eq',
      // Members' memberOf follows renames and deletions, as Active Directory's does.
      ...(memberOf ? ['overlay memberof', 'memberof-refint TRUE'] : []),
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'tree.ldif'), ldif);
  if (!memberOf) execFileSync('/usr/sbin/slapadd', ['-f', conf, '-l', join(dir, 'tree.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const secureUrl = `ldaps://127.0.0.1:${await freePort()}`;
  // Debug level 8 (connections) keeps slapd in the foreground and says when its listener is polled
  // ("daemon: epoll: listen=…"): only then does it accept. Its output is drained to the end.
  const server: ChildProcess = spawn(SLAPD, ['-f', conf, '-h', `${url}/ ${secureUrl}/`, '-d', '8'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const ready = await new Promise<boolean>((resolve) => {
    let said = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      if (said === undefined) return;
      said += chunk.toString();
      if (/epoll: listen=\d/.test(said)) {
        said = undefined as unknown as string;
        resolve(true);
      }
    });
    server.once('exit', () => resolve(false));
  });
  if (!ready) {
    await stop();
    return 'slapd is installed but did not start: the directory sync cases are skipped';
  }
  if (memberOf) {
    try {
      // Not execFileSync: slapd's debug output is drained by this process's event loop, which must keep running.
      await run(LDAPADD, ['-x', '-H', url, '-D', ROOT_DN, '-w', ROOT_PASSWORD, '-f', join(dir, 'tree.ldif')], {
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return {
    url,
    secureUrl,
    memberOf,
    stop,
    async admin() {
      const client = new Client({ url });
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return client;
    },
  };
}
