import { describe, expect, it } from 'vitest';
import { useTestServer } from '../api-suite.testkit.js';
import { statementsOf } from '../db/statement-count.testkit.js';

/**
 * What one password sign-in sends to the database, counted at the client: a statement added to the
 * path fails here. The cluster bus's announcements (pg_notify, one per 20 ms window whatever the
 * number of sign-ins, on the bus's own connection) are not a request's and are left out, and so
 * are the api log's batches (written off the request path, whenever the recorder's timer falls).
 */
const suite = useTestServer();

/** admin/admin's password grant through the SDK, as Saber sends it (one token request). */
const passwordSignIn = () => suite.server.client().login({ username: 'admin', password: 'admin' });

const signInStatements = async () =>
  (await statementsOf(passwordSignIn)).filter((sql) => !sql.includes('pg_notify') && !sql.startsWith('insert into "blade_log_api"'));

const lastActiveOfAdmin = async () =>
  (await suite.server.ctx.db.selectFrom('blade_user').select('lastActiveAt').where('account', '=', 'admin').executeTakeFirstOrThrow())
    .lastActiveAt;

/** Each statement named by what it does, so that a failure shows which one came or went. */
const KINDS: [RegExp, string][] = [
  [/^select true as slot.* from sso_address_failure .* union all .* from sso_account_failure/, 'lockout verdict'],
  [/^select "blade_user"\.\*, exists \(select .* from "blade_sync_link"/, 'account and directory link'],
  [/^select \(select .* from "blade_tenant".* from "sso_totp".* from "sso_passkey"/, 'tenant and second factors'],
  [/^update "blade_user" set "last_active_at"/, "the day's activity"],
  [/^with session as \( insert into sso_session .* sso_refresh_token .* sso_fresh_sign_in/, 'session, refresh token, fresh mark'],
  [
    /^with moved as \(update blade_log_chain_head .*insert into blade_log_chain .*insert into "blade_log_login"/,
    'sign-in log, chain link and head',
  ],
];
const kindOf = (sql: string) => KINDS.find(([shape]) => shape.test(sql))?.[1] ?? sql;

const SIGN_IN = [
  'lockout verdict',
  'account and directory link',
  'tenant and second factors',
  'session, refresh token, fresh mark',
  // The sign-in log, its audit-chain link and the chain head's move: one statement, no transaction (logs/audit-chain.ts).
  'sign-in log, chain link and head',
];

describe('a password sign-in', () => {
  it('sends five statements: lockout, account, tenant and second factors, session, and the chained sign-in log', async () => {
    await passwordSignIn();
    expect((await signInStatements()).map(kindOf)).toEqual(SIGN_IN);
  });

  it("writes the day's activity only when the account's was older than a day: one statement more", async () => {
    const dayAndMore = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await suite.server.ctx.db.updateTable('blade_user').set({ lastActiveAt: dayAndMore }).where('account', '=', 'admin').execute();
    const [lockout, account, tenant, session, ...log] = SIGN_IN;
    expect((await signInStatements()).map(kindOf)).toEqual([lockout, account, tenant, session, "the day's activity", ...log]);
    const written = await lastActiveOfAdmin();
    expect(written?.getTime()).toBeGreaterThan(dayAndMore.getTime());
    // Written today: the next sign-in leaves it as it is.
    expect((await signInStatements()).map(kindOf)).toEqual(SIGN_IN);
    expect((await lastActiveOfAdmin())?.getTime()).toBe(written?.getTime());
  });
});
