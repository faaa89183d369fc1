import {
  badRequest,
  forbidden,
  resourceMessages as m,
  notFound,
  oss,
  refusedWith,
  say,
  type UploadedFile,
  withDetail,
} from '@sso/shared-api';
import type { AppContext } from '../../context.js';
import { enableOnePerTenant } from '../../engine/enable-one.js';
import { defineExtraHandlers, type ExtraHandlerArgs, extraHandler } from '../../engine/extra-handlers.js';
import type { FileDownload } from '../../engine/multipart.js';
import { Repository } from '../../engine/repository.js';
import type { Caller } from '../../kernel/caller.js';
import { isPublicName } from '../../storage/file-links.js';
import { Storage } from '../../storage/storage.js';
import { contentTypeOf, extensionOf, SAFE_NAME } from '../../storage/store.js';
import { attachResource } from '../attach/index.js';

const AVATAR_MAX_BYTES = 500 * 1024;
const AVATAR_TYPES = ['jpg', 'jpeg', 'png'];
/** Uploading anything but one's own avatar is the work of the attachment or storage screens. */
const UPLOAD_CODES = ['attach_upload', 'oss'];

/** An avatar must be a real jpg or png (its first bytes, not only its name) of at most 500 KB. */
function assertAvatar(file: UploadedFile, extension: string): void {
  const d = file.data;
  const png = d[0] === 0x89 && d[1] === 0x50 && d[2] === 0x4e && d[3] === 0x47;
  const jpeg = d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff;
  if (!AVATAR_TYPES.includes(extension) || !(png || jpeg)) throw badRequest(m.say.avatarType);
  if (d.byteLength > AVATAR_MAX_BYTES) throw badRequest(m.say.avatarSize);
}

async function mayUpload(ctx: AppContext, caller: Caller): Promise<boolean> {
  for (const code of UPLOAD_CODES) if (await ctx.permissions.allows(caller, code)) return true;
  return false;
}

/**
 * Who may read a stored object: anyone for public names (avatars), anyone holding a valid signed
 * link, else a signed-in user of the tenant the name starts with. Checked before the object is
 * looked up, so a refusal says nothing about whether it exists.
 */
async function assertMayRead(args: ExtraHandlerArgs<typeof oss.extras.file>, name: string): Promise<void> {
  const { ctx, caller, query } = args;
  if (isPublicName(name)) return;
  if (query.expires !== undefined || query.signature !== undefined) {
    const verdict = await ctx.storage.links.check(name, String(query.expires ?? ''), String(query.signature ?? ''));
    if (verdict === 'valid') return;
    throw forbidden(verdict === 'expired' ? m.say.linkExpired : m.say.linkTampered);
  }
  if (!caller) throw refusedWith(401, say('unauthorized'));
  if (!name.startsWith(`${caller.tenant_id}/`)) throw forbidden(say('forbidden'));
}

/** Stores an uploaded file (an avatar under the public prefix) and records it as an attachment. */
const putFile = extraHandler(oss.extras.putFile, async ({ ctx, caller: who, query, body }) => {
  const file = body.file as UploadedFile;
  const extension = extensionOf(file.filename);
  const avatar = query.type === 'avatar';
  if (avatar) assertAvatar(file, extension);
  else if (!(await mayUpload(ctx, who))) throw forbidden(say('forbidden'));
  const store = await ctx.storage.forTenant(who.tenant_id);
  // Avatars are shown in <img> tags without a token: they live under the public prefix.
  const name = Storage.newName(who.tenant_id, extension, avatar ? 'public' : 'upload');
  try {
    await store.put(name, file.data, contentTypeOf(extension));
  } catch (error) {
    ctx.log?.warn({ err: error }, 'object storage put failed');
    throw badRequest(withDetail(m.say.storageFailed, (error as Error).message));
  }
  const link = store.linkOf(name);
  const row = await new Repository(ctx, attachResource).save(who, {
    link,
    domain: store.domain,
    name,
    originalName: file.filename.slice(0, 500),
    extension,
    attachSize: file.data.byteLength,
  });
  return {
    link: await ctx.storage.links.present(link, who.tenant_id),
    domain: store.domain,
    name,
    originalName: file.filename,
    attachId: String(row.id),
  };
});

/** Extras of `oss`: enable, put-file and the download of local files. */
export const ossExtraHandlers = defineExtraHandlers(oss, {
  enable: enableOnePerTenant('blade_oss'),

  putFile,

  // Saber's attachment screen uploads here: a plain file, never an avatar.
  putFileAttach: async (args) => putFile({ ...args, query: { type: 'file' } }),

  file: async (args): Promise<FileDownload> => {
    const name = String(args.query.name);
    if (!SAFE_NAME.test(name)) throw badRequest(m.say.badFileName);
    await assertMayRead(args, name);
    const store = await args.ctx.storage.forObject(name.slice(0, name.indexOf('/')), name);
    const found = await store?.get(name);
    if (!found) throw notFound(m.say.fileMissing);
    return { filename: name.slice(name.lastIndexOf('/') + 1), contentType: found.contentType, data: found.data };
  },
});
