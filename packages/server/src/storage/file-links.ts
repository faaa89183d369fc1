import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { LOCAL_DOMAIN } from './local-store.js';

const PURPOSE = 'file-link';
/** How long a link the server hands out keeps working. */
export const LINK_TTL_SECONDS = 3600;

/** Objects under `<tenant>/public/…` (avatars, application icons) are served to anyone. */
export const isPublicName = (name: string) => /^\d{1,12}\/public\//.test(name);

type LinkCheck = 'valid' | 'expired' | 'tampered';

/**
 * Signed, expiring links to private objects of the local store: `…/endpoint/file?name=&expires=&signature=`,
 * the signature an HMAC-SHA256 of the name and the expiry (unix seconds). The key is made on
 * first use and kept in the database, so every node of a cluster signs and checks alike.
 */
export class FileLinks {
  private key?: Promise<Buffer>;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A stored link as handed out: a local private object of this tenant gets a signed link, anything
   * else is answered as it is (a row naming another tenant's object must not obtain a signature).
   */
  async present(link: string, tenantId: string, now = Date.now()): Promise<string> {
    if (!link.startsWith(`${LOCAL_DOMAIN}?`)) return link;
    const query = new URLSearchParams(link.slice(LOCAL_DOMAIN.length + 1));
    const name = query.get('name');
    if (!name || isPublicName(name) || !name.startsWith(`${tenantId}/`)) return link;
    const expires = String(Math.floor(now / 1000) + LINK_TTL_SECONDS);
    const signature = await this.signatureOf(name, expires);
    return `${LOCAL_DOMAIN}?name=${encodeURIComponent(name)}&expires=${expires}&signature=${signature}`;
  }

  async check(name: string, expires: string, signature: string, now = Date.now()): Promise<LinkCheck> {
    const expected = Buffer.from(await this.signatureOf(name, expires));
    const given = Buffer.from(signature);
    if (!/^\d{1,12}$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
    return Number(expires) * 1000 > now ? 'valid' : 'expired';
  }

  private async signatureOf(name: string, expires: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${name}\n${expires}`)
      .digest('base64url');
  }

  private secret(): Promise<Buffer> {
    this.key ??= this.loadSecret().catch((error) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  private async loadSecret(): Promise<Buffer> {
    const read = () => this.db.selectFrom('sso_data_key').select('keyMaterial').where('purpose', '=', PURPOSE).executeTakeFirst();
    let row = await read();
    if (!row) {
      await this.db
        .insertInto('sso_data_key')
        .values({ purpose: PURPOSE, keyMaterial: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.doNothing())
        .execute();
      row = await read();
    }
    if (!row) throw new Error('the file link key could not be created');
    return Buffer.from(row.keyMaterial, 'base64');
  }
}
