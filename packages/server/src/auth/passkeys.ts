import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { passkeyMessages as m, type PasskeyRow } from '@sso/shared-api';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { IdGenerator } from '../kernel/ids.js';
import { onFirstUse } from '../kernel/on-first-use.js';
import { GrantError } from './grant-error.js';

const webauthn = onFirstUse<typeof import('@simplewebauthn/server')>('@simplewebauthn/server');

type PasskeyRecord = Selectable<Database['sso_passkey']>;
export type ChallengePurpose = 'register' | 'sign-in' | 'second-step';

/** The relying party's name browsers show beside the account when they ask for a passkey. */
export const PASSKEY_RP_NAME = 'SSO';
/** A challenge is answered within five minutes or not at all. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const MOST_PER_USER = 20;

/** The relying party: the platform's public origin (the only origin a response may come from) and its host name (the RP ID). */
export interface RelyingParty {
  origin: () => string;
  name: string;
}

/** Whether the user has registered a passkey (which, like a TOTP, is a second factor of their password sign-ins). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('sso_passkey').select('id').where('userId', '=', userId).limit(1).executeTakeFirst()) !== undefined;
}

/** Removes every passkey of these users (an administrator's reset of a lost second factor). */
export async function removePasskeys(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length)
    await db
      .deleteFrom('sso_passkey')
      .where('userId', 'in', [...userIds])
      .execute();
}

const rpIdOf = (origin: string) => new URL(origin).hostname;
const format = (date: Date | null) => (date ? new Date(date).toISOString().replace('T', ' ').slice(0, 19) : null);

/** A response as the browser sent it (text), read as JSON; anything else is a 400 of the caller's making. */
function parseResponse<T extends { id?: unknown; response?: unknown }>(text: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GrantError(400, m.say.response);
  }
  const shaped = parsed as T;
  if (!parsed || typeof parsed !== 'object' || typeof shaped.id !== 'string' || !shaped.response || typeof shaped.response !== 'object')
    throw new GrantError(400, m.say.response);
  return shaped;
}

/** The challenge a response answers: in its clientDataJSON, base64url. */
function challengeOf(response: { response?: unknown }): string {
  try {
    const clientData = (response.response as { clientDataJSON?: unknown }).clientDataJSON;
    if (typeof clientData !== 'string') throw new Error('no client data');
    const challenge = (JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
    if (typeof challenge !== 'string' || challenge.length > 128) throw new Error('no challenge');
    return challenge;
  } catch {
    throw new GrantError(400, m.say.response);
  }
}

/**
 * Passkeys (WebAuthn, verified by @simplewebauthn/server): registration from personal info,
 * passwordless sign-in with a discoverable passkey, and the second step of a password sign-in.
 * Challenges live in the database (any node may receive the answer) and are spent once; a
 * response is accepted only from the platform's own origin, for its host name as RP ID, with the
 * user verified; a signature counter that goes back (a cloned authenticator) is refused.
 */
export class Passkeys {
  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly rp: RelyingParty,
  ) {}

  async list(userId: string): Promise<PasskeyRow[]> {
    const rows = await this.db
      .selectFrom('sso_passkey')
      .select(['id', 'name', 'backedUp', 'createTime', 'lastUsedTime'])
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      backedUp: row.backedUp === 1,
      createTime: format(row.createTime) ?? '',
      lastUsedTime: format(row.lastUsedTime),
    }));
  }

  async remove(userId: string, id: string): Promise<PasskeyRow | undefined> {
    const row = (await this.list(userId)).find((one) => one.id === id);
    if (row) await this.db.deleteFrom('sso_passkey').where('id', '=', id).where('userId', '=', userId).execute();
    return row;
  }

  /** Options for registering a new passkey: resident (discoverable), the user's own passkeys excluded. */
  async registrationOptions(user: {
    id: string;
    tenantId: string;
    account: string;
    name: string;
  }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.credentials(user.id);
    const options = await webauthn().generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: rpIdOf(this.rp.origin()),
      userName: user.account,
      userDisplayName: user.name || user.account,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keepChallenge(options.challenge, 'register', user.tenantId, user.id);
    return options;
  }

  /** Verifies a registration answering this user's challenge and keeps the passkey under the name given. */
  async register(user: { id: string; tenantId: string }, name: string, responseText: string): Promise<PasskeyRow> {
    const response = parseResponse<RegistrationResponseJSON>(responseText);
    const { challenge } = await this.spendChallenge(challengeOf(response), 'register', user.id);
    if ((await this.credentials(user.id)).length >= MOST_PER_USER) throw new GrantError(400, m.say.tooMany);
    const origin = this.rp.origin();
    const verified = await webauthn()
      .verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpIdOf(origin),
        requireUserVerification: true,
      })
      .catch(() => undefined);
    if (!verified?.verified || !verified.registrationInfo) throw new GrantError(400, m.say.refused);
    const { credential, credentialBackedUp } = verified.registrationInfo;
    const id = this.ids.next();
    const inserted = await this.db
      .insertInto('sso_passkey')
      .values({
        id,
        tenantId: user.tenantId,
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports?.join(',') ?? null,
        name,
        backedUp: credentialBackedUp ? 1 : 0,
      })
      .onConflict((oc) => oc.column('credentialId').doNothing())
      .executeTakeFirst();
    if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) throw new GrantError(400, m.say.taken);
    const row = (await this.list(user.id)).find((one) => one.id === id);
    if (!row) throw new GrantError(400, m.say.missing);
    return row;
  }

  /**
   * Options for a sign-in: with no user, any discoverable passkey of this platform (passwordless);
   * with a user (the second step of a password sign-in), only that user's passkeys.
   */
  async signInOptions(tenantId: string, user?: { id: string }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const allow = user ? await this.credentials(user.id) : [];
    const options = await webauthn().generateAuthenticationOptions({
      rpID: rpIdOf(this.rp.origin()),
      userVerification: 'required',
      allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    });
    await this.keepChallenge(options.challenge, user ? 'second-step' : 'sign-in', tenantId, user?.id ?? null);
    return options;
  }

  /**
   * The passkey a response was made with, once verified: the challenge spent (for this purpose and,
   * in a second step, this user), the signature checked and its counter moved on.
   */
  async verifySignIn(responseText: string, purpose: 'sign-in' | 'second-step', userId?: string): Promise<PasskeyRecord> {
    const response = parseResponse<AuthenticationResponseJSON>(responseText);
    const { challenge, tenantId } = await this.spendChallenge(challengeOf(response), purpose, userId ?? null);
    const record = await this.db.selectFrom('sso_passkey').selectAll().where('credentialId', '=', response.id).executeTakeFirst();
    // A sign-in page of one tenant signs in that tenant's people only.
    if (!record || record.tenantId !== tenantId || (userId && String(record.userId) !== userId)) throw new GrantError(400, m.say.unknown);
    const origin = this.rp.origin();
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await webauthn().verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpIdOf(origin),
        requireUserVerification: true,
        credential: {
          id: record.credentialId,
          publicKey: new Uint8Array(Buffer.from(record.publicKey, 'base64url')),
          counter: Number(record.counter),
          transports: transportsOf(record),
        },
      });
    } catch (error) {
      throw new GrantError(400, /counter/i.test(String((error as Error)?.message)) ? m.say.cloned : m.say.refused);
    }
    if (!verified.verified) throw new GrantError(400, m.say.refused);
    await this.db
      .updateTable('sso_passkey')
      .set({
        counter: verified.authenticationInfo.newCounter,
        backedUp: verified.authenticationInfo.credentialBackedUp ? 1 : 0,
        lastUsedTime: new Date(),
      })
      .where('id', '=', record.id)
      .execute();
    return record;
  }

  private credentials(userId: string) {
    return this.db.selectFrom('sso_passkey').select(['credentialId', 'transports']).where('userId', '=', userId).execute();
  }

  private async keepChallenge(challenge: string, purpose: ChallengePurpose, tenantId: string, userId: string | null) {
    const now = Date.now();
    await this.db.deleteFrom('sso_passkey_challenge').where('expiresAt', '<', new Date(now)).execute();
    await this.db
      .insertInto('sso_passkey_challenge')
      .values({ challenge, purpose, tenantId, userId, expiresAt: new Date(now + CHALLENGE_TTL_MS) })
      .execute();
  }

  /** Spends a challenge handed out for this purpose (and user): a second answer to it finds nothing. */
  private async spendChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null) {
    const spent = await this.db
      .deleteFrom('sso_passkey_challenge')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expiresAt', '>', new Date())
      .returning(['userId', 'tenantId'])
      .executeTakeFirst();
    if (!spent || (userId !== null && String(spent.userId) !== userId)) throw new GrantError(400, m.say.challenge);
    return { challenge, tenantId: spent.tenantId };
  }
}

const transportsOf = (record: { transports: string | null }) =>
  (record.transports ? record.transports.split(',') : undefined) as AuthenticatorTransport[] | undefined;
