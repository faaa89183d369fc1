import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { untilAnswering } from './net.testkit.js';

/** Debian's Apache httpd and where its modules are installed (apt-get install apache2). */
export const APACHE = process.env.APACHE_PATH ?? '/usr/sbin/apache2';
export const APACHE_MODULES = process.env.APACHE_MODULES_DIR ?? '/usr/lib/apache2/modules';

/** The modules every interop site loads: the event MPM, authentication plumbing, CGI and static files. */
const BASE_MODULES = ['mpm_event', 'authn_core', 'authz_core', 'authz_user', 'alias', 'mime', 'cgid'];

const modulePath = (name: string) => join(APACHE_MODULES, `mod_${name}.so`);

/** What of Apache and the named third-party modules is not installed (empty when all are). */
export function missingApache(modules: readonly string[]): string[] {
  const missing = existsSync(APACHE) ? [] : [APACHE];
  for (const name of [...BASE_MODULES, ...modules]) if (!existsSync(modulePath(name))) missing.push(modulePath(name));
  return missing;
}

/** A running Apache of one suite: its own ServerRoot, configuration, pid file, log and ports. */
export interface ApacheServer {
  /** The ServerRoot, a temporary directory removed on stop. */
  root: string;
  /** http://127.0.0.1:<port> of each Listen, in order. */
  origins: string[];
  /** Everything written to the error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

export interface ApacheSite {
  /** Third-party modules to load besides the base ones (auth_openidc, auth_cas). */
  modules: readonly string[];
  /** The ports to listen on (one virtual host each, say), picked beforehand with `freePort`. */
  ports: readonly number[];
  /** Files to place under the ServerRoot: relative path, content, and mode (0644 unless given). */
  files?: Record<string, { content: string; mode?: number }>;
  /** Directories under the ServerRoot the server's worker must write to (module caches). */
  writableDirs?: readonly string[];
  /** The site's configuration, after the base one: virtual hosts, locations, module directives. */
  config: (root: string) => string;
}

/**
 * Starts `apache2 -DFOREGROUND` with a configuration of its own in a temporary ServerRoot, and
 * resolves once every port answers HTTP. Started as root, Apache hands requests to www-data
 * workers: the ServerRoot is made traversable and the module caches writable for them.
 */
export async function startApache(site: ApacheSite): Promise<ApacheServer> {
  const root = mkdtempSync(join(tmpdir(), 'sso-interop-apache-'));
  chmodSync(root, 0o755);
  const { ports } = site;
  for (const [path, file] of Object.entries(site.files ?? {})) {
    const target = join(root, path);
    mkdirSync(join(target, '..'), { recursive: true, mode: 0o755 });
    writeFileSync(target, file.content);
    chmodSync(target, file.mode ?? 0o644);
  }
  for (const dir of site.writableDirs ?? []) {
    mkdirSync(join(root, dir), { recursive: true });
    // Only the worker user writes here, and the directory lives as long as the suite.
    chmodSync(join(root, dir), 0o777);
  }
  const configFile = join(root, 'httpd.conf');
  writeFileSync(configFile, `${baseConfig(root, ports, site.modules)}\n${site.config(root)}\n`);

  const errorLogPath = join(root, 'error.log');
  const errorLog = () => (existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '');
  const httpd = spawn(APACHE, ['-d', root, '-f', configFile, '-DFOREGROUND'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  httpd.stdout?.on('data', (chunk) => (output += chunk));
  httpd.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => httpd.once('exit', () => resolve()));
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  try {
    await untilAnswering(origins, exited, () => `apache2 exited: ${output}\n${errorLog()}`);
  } catch (error) {
    // The error already quotes the log: nothing of a server that never answered is kept.
    await stop(httpd, exited);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    root,
    origins,
    errorLog,
    stop: async () => {
      await stop(httpd, exited);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function stop(httpd: ChildProcess, exited: Promise<void>): Promise<void> {
  if (httpd.exitCode === null && httpd.signalCode === null) httpd.kill('SIGTERM');
  await exited;
}

/**
 * The part every interop site shares. One worker process (its threads serve requests side by
 * side), so that a module's shared-memory cache and its error log lines are all in one place.
 */
function baseConfig(root: string, ports: readonly number[], modules: readonly string[]): string {
  const runsAsRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    `ServerRoot ${root}`,
    `PidFile ${join(root, 'httpd.pid')}`,
    `DefaultRuntimeDir ${root}`,
    `ErrorLog ${join(root, 'error.log')}`,
    'ServerName 127.0.0.1',
    ...ports.map((port) => `Listen 127.0.0.1:${port}`),
    // A root Apache refuses to run its workers as root: they become www-data, as on a Debian server.
    ...(runsAsRoot ? ['User www-data', 'Group www-data'] : []),
    ...[...BASE_MODULES, ...modules].map((name) => `LoadModule ${name}_module ${modulePath(name)}`),
    'StartServers 1',
    'ServerLimit 1',
    'ThreadLimit 32',
    'ThreadsPerChild 32',
    'MaxRequestWorkers 32',
    'MinSpareThreads 1',
    'MaxSpareThreads 32',
    `ScriptSock ${join(root, 'cgid.sock')}`,
    'TypesConfig /etc/mime.types',
    `DocumentRoot ${join(root, 'htdocs')}`,
    `<Directory ${root}>`,
    '  Require all granted',
    '</Directory>',
  ].join('\n');
}

/**
 * Runs `work`; when it fails, the error also quotes what `module` logged meanwhile at warn level
 * or worse (the module's own account of why it refused something), and the debug lines matching
 * `alsoQuote` (for refusals a module only logs at debug level), so a failure names the cause.
 */
export async function explainedByLog(apache: ApacheServer, module: string, work: () => Promise<void>, alsoQuote?: RegExp): Promise<void> {
  const start = apache.errorLog().length;
  try {
    await work();
  } catch (error) {
    const complaints = apache
      .errorLog()
      .slice(start)
      .split('\n')
      .filter(
        (line) =>
          line.includes(`[${module}:error]`) ||
          line.includes(`[${module}:warn]`) ||
          (line.includes(`[${module}:`) && alsoQuote?.test(line)),
      );
    if (!complaints.length) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${message}\n${module} logged:\n${complaints.join('\n')}`, { cause: error });
  }
}
