import { resourceMessages as m, messageIn } from '@sso/shared-api';
import { client } from '../api/client.js';

/** What put-file answers: link, domain, name, originalName, attachId. */
export type BladeFile = Awaited<ReturnType<typeof client.resource.oss.putFile>>;

/**
 * Stores one file through `oss/endpoint/put-file`: the SDK sends the FormData as multipart with
 * the same headers (token, tenant, client) and refresh as every other call; failures are toasted.
 */
export function putFile(file: Blob & { name?: string }, type?: 'avatar' | 'file'): Promise<BladeFile> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'file');
  return client.resource.oss.putFile(form, type ? { type } : {});
}

export const AVATAR_MAX_BYTES = 500 * 1024;
const AVATAR_EXTENSIONS = /\.(jpe?g|png)$/i;
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * The avatar rules, checked before uploading (the server checks the bytes again):
 * jpg or png, at most 500 KB. Answers the message to show, in the page's language.
 */
export function avatarProblem(file: { name: string; type: string; size: number }, language: string): string | undefined {
  const message =
    !AVATAR_EXTENSIONS.test(file.name) || (file.type && !AVATAR_TYPES.has(file.type))
      ? m.say.avatarType
      : file.size > AVATAR_MAX_BYTES
        ? m.say.avatarSize
        : undefined;
  if (!message) return undefined;
  return messageIn(message, language === 'en' ? 'en' : 'zh');
}
