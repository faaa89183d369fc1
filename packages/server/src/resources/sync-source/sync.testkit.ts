import { existsSync } from 'node:fs';
import { DEFAULT_TENANT_ID, type SsoClient, type SyncRunAnswer } from '@sso/shared-api';
import type { Client } from 'ldapts';
import { afterAll, beforeAll } from 'vitest';
import type { ApiSuite } from '../../api-suite.testkit.js';
import { ROOT_DN, ROOT_PASSWORD, SLAPD, type Slapd, type SlapdOptions, SUFFIX, startSlapd } from './slapd.testkit.js';

/**
 * What the directory sync suites share: the sync API and the rows they look at, of the suite's
 * own server (each suite file keeps its one server), and for the LDAP suites their one slapd,
 * started before the suite and stopped after it.
 */

/** A run's counts in one list: creates, updates, moves, disables, errors. */
export const counts = (answer: SyncRunAnswer) => [answer.creates, answer.updates, answer.moves, answer.disables, answer.errors];

/** The sync API of the suite's administrator and the rows a sync writes, read from the suite's database. */
export function syncKit(suite: ApiSuite) {
  const api = () => suite.admin.system.syncSource;
  const db = () => suite.server.ctx.db;
  return {
    api,
    db,
    /** Saves a source (as the administrator, or as `sdk`) and answers its id. */
    save: async (values: Record<string, unknown>, sdk: SsoClient = suite.admin) =>
      String(((await sdk.system.syncSource.submit(values as never)) as { id: string }).id),
    /** The live department of that name. */
    deptNamed: (name: string) =>
      db()
        .selectFrom('blade_dept')
        .select(['id', 'parentId', 'ancestors', 'deptName', 'leaderId'])
        .where('deptName', '=', name)
        .where('isDeleted', '=', 0)
        .executeTakeFirstOrThrow(),
    /** The live user of that account. */
    userOf: (account: string) =>
      db()
        .selectFrom('blade_user')
        .select(['id', 'code', 'realName', 'phone', 'email', 'deptId', 'postId', 'roleId', 'status'])
        .where('account', '=', account)
        .where('isDeleted', '=', 0)
        .executeTakeFirstOrThrow(),
    /** The runs of a source, as logged. */
    runs: (sourceId: string) =>
      db().selectFrom('blade_sync_run').select(['id', 'outcome', 'message']).where('sourceId', '=', sourceId).execute(),
    /** The id of one of the tenant's built-in platform roles (system_admin, security_admin, audit_admin). */
    platformRoleOf: async (alias: string) =>
      String(
        (
          await db()
            .selectFrom('blade_role')
            .select('id')
            .where('tenantId', '=', DEFAULT_TENANT_ID)
            .where('roleAlias', '=', alias)
            .where('isDeleted', '=', 0)
            .executeTakeFirstOrThrow()
        ).id,
      ),
  };
}

/** The suite's slapd, once started; `skipped` says whether it can run here at all. */
export interface SlapdFixture {
  /** No slapd on this machine: the cases that need it are skipped (`it.skipIf`), with a warning. */
  readonly skipped: boolean;
  readonly url: string;
  /** ldaps:// on a second port, with a self-signed certificate. */
  readonly secureUrl: string;
  /** Whether the memberof overlay runs. */
  readonly memberOf: boolean;
  /** A client bound as the root DN, to change the tree between syncs. */
  readonly ldap: Client;
}

/**
 * Registers the hooks of a suite's slapd, after `useTestServer`: before the suite's own hooks it
 * starts with the LDIF loaded (a slapd installed but failing to start fails the suite); after
 * the suite it stops and its folder goes. Where slapd is absent nothing starts and `skips` (what
 * is skipped) is printed.
 */
export function useSlapd(ldif: string, options: SlapdOptions & { skips: string; timeout?: number }): SlapdFixture {
  const skipped = !existsSync(SLAPD);
  if (skipped) console.warn(`no ${SLAPD} (Debian's slapd): ${options.skips}`);
  let server: Slapd | undefined;
  let client: Client | undefined;
  beforeAll(async () => {
    if (skipped) return;
    const started = await startSlapd(ldif, options);
    if (typeof started === 'string') throw new Error(started);
    server = started;
    client = await started.admin();
  }, options.timeout);
  afterAll(async () => {
    await client?.unbind();
    await server?.stop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('slapd starts in beforeAll, and only where it is installed: use it in cases skipped without it');
    return value;
  };
  return {
    skipped,
    get url() {
      return ready(server).url;
    },
    get secureUrl() {
      return ready(server).secureUrl;
    },
    get memberOf() {
      return ready(server).memberOf;
    },
    get ldap() {
      return ready(client);
    },
  };
}

/** A source of the suite's directory: bound as its root DN, over the whole tree; `more` adds or overrides fields. */
export const ldapSource = (slapd: SlapdFixture, more: Record<string, unknown> = {}) => ({
  kind: 'ldap',
  url: slapd.url,
  bindDn: ROOT_DN,
  bindPassword: ROOT_PASSWORD,
  baseDn: SUFFIX,
  ...more,
});
