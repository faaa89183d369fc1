import { attach, badRequest, resourceMessages as m, type UploadedFile } from '@sso/shared-api';
import type { Caller } from '../auth/permissions.js';
import { enableOnePerTenant } from '../resources/enable-one.js';
import type { ExtraHandler } from '../resources/extras.js';
import type { FileDownload } from '../resources/multipart.js';
import { Repository } from '../resources/repository.js';
import { Storage } from '../storage/storage.js';
import { contentTypeOf, extensionOf, SAFE_NAME } from '../storage/store.js';

const AVATAR_MAX_BYTES = 500 * 1024;
const AVATAR_TYPES = ['jpg', 'jpeg', 'png'];

/** An avatar must be a real jpg or png (its first bytes, not only its name) of at most 500 KB. */
function assertAvatar(file: UploadedFile, extension: string): void {
  const d = file.data;
  const png = d[0] === 0x89 && d[1] === 0x50 && d[2] === 0x4e && d[3] === 0x47;
  const jpeg = d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff;
  if (!AVATAR_TYPES.includes(extension) || !(png || jpeg)) throw badRequest(m.avatarType);
  if (d.byteLength > AVATAR_MAX_BYTES) throw badRequest(m.avatarSize);
}

/** Extras of `oss` (SPEC §7): enable, put-file and the download of local files. */
export const ossExtraHandlers: Record<string, ExtraHandler> = {
  enable: enableOnePerTenant('blade_oss'),

  putFile: async ({ ctx, caller, query, body }) => {
    const who = caller as Caller;
    const file = body.file as UploadedFile;
    const extension = extensionOf(file.filename);
    if (query.type === 'avatar') assertAvatar(file, extension);
    const store = await ctx.storage.forTenant(who.tenant_id);
    const name = Storage.newName(who.tenant_id, extension);
    try {
      await store.put(name, file.data, contentTypeOf(extension));
    } catch (error) {
      ctx.log?.warn({ err: error }, 'object storage put failed');
      throw badRequest(`${m.storageFailed}: ${(error as Error).message}`);
    }
    const link = store.linkOf(name);
    const row = await new Repository(ctx, attach).save(who, {
      link,
      domain: store.domain,
      name,
      originalName: file.filename.slice(0, 500),
      extension,
      attachSize: file.data.byteLength,
    });
    return { link, domain: store.domain, name, originalName: file.filename, attachId: String(row.id) };
  },

  file: async ({ ctx, query }): Promise<FileDownload> => {
    const name = String(query.name);
    if (!SAFE_NAME.test(name)) throw badRequest(m.badFileName);
    const found = await ctx.storage.local.get(name);
    if (!found) throw badRequest(m.fileMissing);
    return { filename: name.slice(name.lastIndexOf('/') + 1), contentType: found.contentType, data: found.data };
  },
};
