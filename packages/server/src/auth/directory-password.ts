import { createHmac, randomBytes } from 'node:crypto';
import { readSyncMapping } from '@sso/shared-api';
import { InvalidCredentialsError } from 'ldapts';
import type { Db } from '../db/database.js';
import { decryptSecret } from '../db/secrets.js';
import { baseDnsOf, connectLdap, DEFAULT_ACCOUNT_ATTR, DEFAULT_USER_FILTER, escapeFilterValue, stableKey } from '../net/ldap-connection.js';
import type { OutboundGuard } from '../net/outbound-guard.js';

/** The LDAP source a user was synced from, and the key of their entry there. */
export interface DirectoryLink {
  sourceId: string;
  tenantId: string;
  externalId: string;
  url: string;
  bindDn: string | null;
  bindPassword: string | null;
  baseDn: string;
  userFilter: string | null;
  accountAttr: string | null;
  mapping: string | null;
}

export type DirectoryVerdict = 'ok' | 'refused' | 'unreachable';

/** A person's directory answer may take this long at most: a sign-in does not wait a minute. */
const SIGN_IN_TIMEOUT_SECONDS = 10;
/** How long a successful bind stands for the same password (repeated sign-ins spare the directory). */
const REMEMBER_MS = 60_000;
const REMEMBER_AT_MOST = 10_000;

// biome-ignore lint/suspicious/noExplicitAny: serves the link query here and the sign-in's subquery (sign-in-account.ts) alike
type LinkQuery = { where(...args: any[]): any };

/**
 * Links of users to an enabled LDAP source (`blade_sync_link as l` joined to `blade_sync_source as s`):
 * what `linkOf` reads, and what a sign-in's account read looks for to know whether to ask it.
 */
export function enabledUserLinks<Q extends LinkQuery>(query: Q): Q {
  return query
    .where('l.kind', '=', 'user')
    .where('l.gone', '=', 0)
    .where('s.kind', '=', 'ldap')
    .where('s.status', '=', 1)
    .where('s.isDeleted', '=', 0) as Q;
}

/**
 * Passwords of users synced from an LDAP / Active Directory source are the directory's: the
 * platform finds the person's entry (by the source's account attribute, escaped, and the stable
 * key the sync linked) and binds as it with the password given. A success is remembered for a
 * minute under an HMAC of source, entry and password with a key that lives only in this process,
 * so the cache holds outcomes, never a password or anything a password could be recovered from.
 */
export class DirectoryPasswords {
  private readonly key = randomBytes(32);
  private readonly remembered = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly guard: OutboundGuard,
    private readonly now: () => number = Date.now,
  ) {}

  /** The enabled LDAP source the user is linked to, unless it lets its people keep platform passwords. */
  async linkOf(tenantId: string, userId: string): Promise<DirectoryLink | undefined> {
    const link = await this.db
      .selectFrom('blade_sync_link as l')
      .innerJoin('blade_sync_source as s', 's.id', 'l.sourceId')
      .select([
        's.id as sourceId',
        's.tenantId',
        'l.externalId',
        's.url',
        's.bindDn',
        's.bindPassword',
        's.baseDn',
        's.userFilter',
        's.accountAttr',
        's.mapping',
      ])
      .where('l.localId', '=', userId)
      .where('l.tenantId', '=', tenantId)
      .$call(enabledUserLinks)
      .executeTakeFirst();
    if (!link?.url || !link.baseDn) return undefined;
    if (readSyncMapping(link.mapping).directoryPassword === false) return undefined;
    return { ...link, sourceId: String(link.sourceId), url: link.url, baseDn: link.baseDn };
  }

  /** Whether the directory accepts this password for the linked entry whose account is `account`. */
  async verify(link: DirectoryLink, account: string, password: string): Promise<DirectoryVerdict> {
    // An empty password would be an unauthenticated bind, which directories accept for anyone.
    if (!password) return 'refused';
    const memo = this.memoKey(link, password);
    const until = this.remembered.get(memo);
    if (until !== undefined && until > this.now()) return 'ok';
    this.remembered.delete(memo);
    const verdict = await this.bind(link, account, password);
    if (verdict === 'ok') this.remember(memo);
    return verdict;
  }

  private async bind(link: DirectoryLink, account: string, password: string): Promise<DirectoryVerdict> {
    const mapping = readSyncMapping(link.mapping);
    let client: Awaited<ReturnType<typeof connectLdap>> | undefined;
    try {
      client = await connectLdap(this.guard, {
        tenantId: link.tenantId,
        url: link.url,
        startTls: mapping.startTls,
        tlsVerify: mapping.tlsVerify,
        timeoutSeconds: Math.min(mapping.timeoutSeconds ?? SIGN_IN_TIMEOUT_SECONDS, SIGN_IN_TIMEOUT_SECONDS),
      });
      if (link.bindDn) await client.bind(link.bindDn, (await decryptSecret(this.db, link.bindPassword)) ?? '');
      const dn = await this.entryDn(client, link, account);
      if (!dn) return 'refused';
      await client.bind(dn, password);
      return 'ok';
    } catch (error) {
      return error instanceof InvalidCredentialsError ? 'refused' : 'unreachable';
    } finally {
      await client?.unbind().catch(() => undefined);
    }
  }

  /** The DN of the entry with this account that the sync linked; another entry of that account is never bound. */
  private async entryDn(client: NonNullable<Awaited<ReturnType<typeof connectLdap>>>, link: DirectoryLink, account: string) {
    const filter = `(&${link.userFilter ?? DEFAULT_USER_FILTER}(${link.accountAttr ?? DEFAULT_ACCOUNT_ATTR}=${escapeFilterValue(account)}))`;
    for (const baseDn of baseDnsOf(link.baseDn)) {
      const found = await client.search(baseDn, {
        scope: 'sub',
        filter,
        attributes: ['entryUUID', 'objectGUID'],
        explicitBufferAttributes: ['objectGUID'],
        sizeLimit: 10,
      });
      const entry = found.searchEntries.find((candidate) => stableKey(candidate) === link.externalId);
      if (entry) return entry.dn;
    }
    return undefined;
  }

  private memoKey(link: DirectoryLink, password: string) {
    return createHmac('sha256', this.key).update(`${link.sourceId}\0${link.externalId}\0${password}`).digest('base64');
  }

  private remember(memo: string) {
    if (this.remembered.size >= REMEMBER_AT_MOST) {
      const oldest = this.remembered.keys().next().value;
      if (oldest !== undefined) this.remembered.delete(oldest);
    }
    this.remembered.set(memo, this.now() + REMEMBER_MS);
  }
}
