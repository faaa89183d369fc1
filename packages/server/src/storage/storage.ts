import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decryptSecret } from '../db/secrets.js';
import { live } from '../kernel/live-rows.js';
import { CONFIG_ENABLED } from '../kernel/provider-status.js';
import type { OutboundGuard } from '../net/outbound-guard.js';
import { FileLinks } from './file-links.js';
import { LOCAL_DOMAIN, LocalStore } from './local-store.js';
import { S3Store } from './s3-store.js';
import type { ObjectStore } from './store.js';

/** blade_oss.status of the tenant's one enabled configuration (BladeX: 1 off, 2 on). */
const LOCAL_CATEGORY = 5;

type OssRow = Database['blade_oss'] extends infer R ? { [K in keyof R]: unknown } : never;

/**
 * Picks where a tenant's files go: its enabled S3-compatible configuration, else the local disk
 * under the data directory (a temporary directory when the database lives in memory).
 */
export class Storage {
  readonly local: LocalStore;
  /** Signed links to private local objects. */
  readonly links: FileLinks;

  constructor(
    private readonly db: Kysely<Database>,
    dataDir: string,
    private readonly outbound: OutboundGuard,
  ) {
    this.links = new FileLinks(db);
    const root = dataDir.startsWith('memory://') ? mkdtempSync(join(tmpdir(), 'sso-files-')) : resolve(dataDir, 'files');
    this.local = new LocalStore(resolve(root));
  }

  /** The store new uploads of this tenant go to. */
  async forTenant(tenantId: string): Promise<ObjectStore> {
    const row = await this.db
      .selectFrom('blade_oss')
      .selectAll()
      .$call(live(tenantId))
      .where('status', '=', CONFIG_ENABLED)
      .executeTakeFirst();
    return row ? this.storeOf(row as unknown as OssRow) : this.local;
  }

  /** The store that holds a file with this domain (local, or one of the tenant's S3 configurations). */
  async forDomain(tenantId: string, domain: string | null, db = this.db): Promise<ObjectStore | undefined> {
    if (!domain || domain === LOCAL_DOMAIN) return this.local;
    const rows = await db.selectFrom('blade_oss').selectAll().$call(live(tenantId)).execute();
    for (const row of rows) {
      const store = await this.storeOf(row as unknown as OssRow, db);
      if (store.domain === domain) return store;
    }
    return undefined;
  }

  /** The store that holds an object of this tenant: the one its attachment row names, else the local disk. */
  async forObject(tenantId: string, name: string, db = this.db): Promise<ObjectStore | undefined> {
    const row = await db
      .selectFrom('blade_attach')
      .select('domain')
      .where('tenantId', '=', tenantId)
      .where('name', '=', name)
      .$call(live())
      .executeTakeFirst();
    return this.forDomain(tenantId, row?.domain ?? null, db);
  }

  /** A fresh object name: `<tenant>/upload/<yyyymmdd>/<random>.<ext>`, or under `public/` for files anyone may read. */
  static newName(tenantId: string, extension: string, prefix: 'upload' | 'public' = 'upload'): string {
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    return `${tenantId}/${prefix}/${day}/${randomBytes(16).toString('hex')}${extension ? `.${extension}` : ''}`;
  }

  /** Pass the transaction when inside one (PGlite has a single connection). */
  private async storeOf(row: OssRow, db = this.db): Promise<ObjectStore> {
    if (Number(row.category) === LOCAL_CATEGORY || !row.endpoint) return this.local;
    return new S3Store({
      endpoint: String(row.endpoint),
      bucket: String(row.bucketName ?? ''),
      accessKey: String(row.accessKey ?? ''),
      secretKey: (await decryptSecret(db, (row.secretKey as string | null) ?? null)) ?? '',
      region: String(row.region || 'us-east-1'),
      fetch: this.outbound.fetchFor(String(row.tenantId)),
    });
  }
}
