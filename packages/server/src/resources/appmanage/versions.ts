import { createHash } from 'node:crypto';
import {
  APP_DOWNLOAD_PATH,
  APP_TYPES,
  badRequest,
  appManageMessages as m,
  notFound,
  registry,
  type UploadedFile,
  withDetail,
} from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { Repository } from '../../engine/repository.js';
import type { ResourceRules } from '../../engine/types.js';
import type { Caller } from '../../kernel/caller.js';
import { live } from '../../kernel/live-rows.js';
import { formatDateTime } from '../../kernel/rows.js';
import { Storage } from '../../storage/storage.js';
import { extensionOf } from '../../storage/store.js';
import { attachResource } from '../attach/index.js';
import { objectNameOf, removeUploadedFile } from './uploaded-file.js';

const RELEASED = 1;
const CONTENT_TYPES: Record<string, string> = { apk: 'application/vnd.android.package-archive', ipa: 'application/octet-stream' };

/** A version of the caller's tenant, or 400. */
async function ownVersion(db: Kysely<Database>, caller: Caller, id: string) {
  const row = await db
    .selectFrom('blade_app_version_manage')
    .selectAll()
    .$call(live(caller.tenant_id))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw badRequest(m.say.versionMissing);
  return row;
}

/** apk and ipa packages are zip archives: their first bytes say so whatever the name claims. */
function assertPackage(file: UploadedFile, appType: number): string {
  const extension = extensionOf(file.filename);
  if (extension !== APP_TYPES[appType as 1 | 2]) throw badRequest(m.say.packageType);
  const d = file.data;
  if (!(d[0] === 0x50 && d[1] === 0x4b && d[2] === 0x03 && d[3] === 0x04)) throw badRequest(m.say.packageNotZip);
  return extension;
}

/** Removes a package's attachment and stored object, if it still has one. */
async function dropPackage(ctx: AppContext, caller: Caller, link: string | null): Promise<void> {
  if (!link) return;
  try {
    await removeUploadedFile(ctx, caller, link);
  } catch {
    // Already removed through the attachment screen: nothing left to delete.
  }
}

/**
 * A version belongs to an application of the tenant (its reference); a released version is frozen (clients hold
 * its checksum): it is withdrawn before it is changed or removed.
 */
export const appVersionRules: ResourceRules = {
  async beforeSave({ values, existing }) {
    if (existing && Number(existing.whetherRealease) === RELEASED) throw badRequest(m.say.releasedLocked);
    // A package belongs to its package type: changing the type of a version with a package would mislabel it.
    if (existing?.packageLink && values.appType !== undefined && Number(values.appType) !== Number(existing.appType)) {
      throw badRequest(m.say.packageType);
    }
  },
  async beforeRemove({ rows }) {
    if (rows.some((row) => Number(row.whetherRealease) === RELEASED)) throw badRequest(m.say.releasedLocked);
  },
};

export const appVersionExtraHandlers = defineExtraHandlers(registry.appmanage.appVersion, {
  lastest: async ({ ctx, query }) => {
    const row = await ctx.db
      .selectFrom('blade_app_version_manage as v')
      .innerJoin('blade_app_manage as a', 'a.id', 'v.appId')
      .selectAll('v')
      .where('v.appId', '=', query.appId)
      .where('v.appType', '=', query.appType)
      .where('v.whetherRealease', '=', RELEASED)
      .where('v.isDeleted', '=', 0)
      .where('a.isDeleted', '=', 0)
      .orderBy('v.versionCode', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: String(row.id),
      appId: String(row.appId),
      appType: row.appType,
      versionName: row.versionName,
      versionCode: row.versionCode,
      updateContent: row.updateContent ?? '',
      forceUpdate: row.forceUpdate,
      releaseTime: row.releaseTime ? formatDateTime(row.releaseTime) : '',
      packageSize: Number(row.packageSize ?? 0),
      packageSha256: row.packageSha256 ?? '',
      downloadUrl: `${APP_DOWNLOAD_PATH}?id=${row.id}`,
    };
  },

  realease: async ({ ctx, repo, caller, query }) => {
    await ownVersion(ctx.db, caller, query.id);
    await repo.change(caller, [query.id], {
      check: ([version]) => {
        if (query.whetherRealease === RELEASED && !version?.packageLink) throw badRequest(m.say.packageMissing);
      },
      set: { whetherRealease: query.whetherRealease, releaseTime: query.whetherRealease === RELEASED ? new Date() : null },
    });
    return true;
  },

  upload: async ({ ctx, repo, caller, query, body }) => {
    const version = await ownVersion(ctx.db, caller, query.id);
    if (Number(version.whetherRealease) === RELEASED) throw badRequest(m.say.packageReleased);
    const file = body.file as UploadedFile;
    const extension = assertPackage(file, version.appType);
    const sha256 = createHash('sha256').update(file.data).digest('hex');
    const store = await ctx.storage.forTenant(caller.tenant_id);
    const name = Storage.newName(caller.tenant_id, extension);
    try {
      await store.put(name, file.data, CONTENT_TYPES[extension] ?? 'application/octet-stream');
    } catch (error) {
      ctx.log?.warn({ err: error }, 'object storage put failed');
      throw badRequest(withDetail(m.say.packageFile, (error as Error).message));
    }
    const link = store.linkOf(name);
    const originalName = file.filename.slice(0, 500);
    await new Repository(ctx, attachResource).save(caller, {
      link,
      domain: store.domain,
      name,
      originalName,
      extension,
      attachSize: file.data.byteLength,
    });
    await repo.change(caller, [query.id], {
      set: {
        packageLink: link,
        packageName: name,
        packageOriginalName: originalName,
        packageSize: file.data.byteLength,
        packageSha256: sha256,
      },
    });
    // The package it replaces is no longer reachable from any version.
    await dropPackage(ctx, caller, version.packageLink);
    return {
      packageLink: await ctx.storage.links.present(link, caller.tenant_id),
      packageSize: file.data.byteLength,
      packageSha256: sha256,
      packageOriginalName: originalName,
    };
  },

  attachRemoveByLink: async ({ ctx, caller, query }) => {
    const holders = await ctx.db
      .selectFrom('blade_app_version_manage')
      .select(['id', 'whetherRealease', 'packageName'])
      .$call(live(caller.tenant_id))
      .where('packageLink', 'is not', null)
      .execute();
    const name = objectNameOf(query.link, caller.tenant_id);
    const holding = holders.filter((row) => row.packageName === name);
    if (holding.some((row) => Number(row.whetherRealease) === RELEASED)) throw badRequest(m.say.packageReleased);
    await removeUploadedFile(ctx, caller, query.link);
    if (holding.length > 0) {
      await ctx.db
        .updateTable('blade_app_version_manage')
        .set({ packageLink: null, packageName: null, packageOriginalName: null, packageSize: null, packageSha256: null })
        .where(
          'id',
          'in',
          holding.map((row) => row.id),
        )
        .execute();
    }
    return true;
  },
});

/** The released version a download link names, with its tenant, or 404. */
export async function releasedVersion(ctx: AppContext, id: string) {
  const row = await ctx.db
    .selectFrom('blade_app_version_manage')
    .selectAll()
    .$call(live())
    .where('id', '=', id)
    .where('whetherRealease', '=', RELEASED)
    .executeTakeFirst();
  if (!row?.packageLink) throw notFound(m.say.versionMissing);
  return row;
}
