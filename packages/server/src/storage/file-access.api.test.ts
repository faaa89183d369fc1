import { resourceMessages as m, zh } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  type TrackedClient,
  useTestServer,
} from '../api-suite.testkit.js';
import { LINK_TTL_SECONDS } from './file-links.js';

/** Who may upload and who may download stored files: permissions, public avatars, signed links, tenants. */
const suite = useTestServer();
let colleague: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  colleague = await createUserWithRole(suite.server, { account: 'files_colleague', menuCodes: ['desk'] });
  stranger = await createTenantWithAdmin(suite.server, '100091');
});

const FILE_PATH = '/api/blade-resource/oss/endpoint/file';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);
const put = (sdk: TrackedClient, filename: string, data: Uint8Array, type?: 'avatar') =>
  sdk.resource.oss.putFile({ file: { filename, data } }, type ? { type } : {});
const anonymous = (link: string) => fetch(`${suite.server.baseUrl}${link}`);
const envelope = async (response: Response) => ({ status: response.status, ...((await response.json()) as { code: number; msg: string }) });
const secret = new TextEncoder().encode('机密文件');

describe('uploads', () => {
  it('needs attach_upload or oss, except one’s own avatar', async () => {
    expect(await failure(colleague.sdk, put(colleague.sdk, 'a.txt', secret))).toEqual(FORBIDDEN);
    const avatar = await put(colleague.sdk, 'me.png', PNG, 'avatar');
    expect(avatar.name).toMatch(/^000000\/public\//);
    const uploader = await createUserWithRole(suite.server, { account: 'files_uploader', menuCodes: ['attach', 'attach_upload'] });
    expect((await put(uploader.sdk, 'a.txt', secret)).name).toMatch(/^000000\/upload\//);
  });
});

describe('downloads', () => {
  let file: Awaited<ReturnType<typeof put>>;
  let plainLink: string;
  beforeAll(async () => {
    file = await put(suite.admin, '合同.txt', secret);
    plainLink = `${FILE_PATH}?name=${encodeURIComponent(file.name)}`;
  });

  it('serves a private file to anyone holding the signed link', async () => {
    const response = await anonymous(file.link);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(secret);
    const expires = Number(new URL(file.link, 'http://x').searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(LINK_TTL_SECONDS - 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(LINK_TTL_SECONDS);
  });

  it('refuses the plain link without sign-in, and tampered or expired signatures', async () => {
    expect(await envelope(await anonymous(plainLink))).toMatchObject({ status: 401, code: 401, msg: zh('unauthorized') });
    const url = new URL(file.link, 'http://x');
    const signature = url.searchParams.get('signature') ?? '';
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `${plainLink}&expires=${url.searchParams.get('expires')}&signature=${flipped}`,
      `${plainLink}&expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${signature}`,
      `${plainLink}&signature=${signature}`,
      `${plainLink}&expires=${url.searchParams.get('expires')}`,
    ];
    for (const link of tampered) {
      expect(await envelope(await anonymous(link))).toMatchObject({ status: 403, code: 403, msg: m.linkTampered });
    }
    // Another object under the same signature.
    const other = await put(suite.admin, 'other.txt', secret);
    const swapped = `${FILE_PATH}?name=${encodeURIComponent(other.name)}&expires=${url.searchParams.get('expires')}&signature=${signature}`;
    expect((await anonymous(swapped)).status).toBe(403);
    const expired = await suite.server.ctx.storage.links.present(plainLink, '000000', Date.now() - (LINK_TTL_SECONDS + 1) * 1000);
    expect(await envelope(await anonymous(expired))).toMatchObject({ status: 403, code: 403, msg: m.linkExpired });
  });

  it('serves signed-in users of the owning tenant only', async () => {
    expect(Buffer.from(await colleague.sdk.resource.oss.file({ name: file.name })).toString()).toBe('机密文件');
    expect(await failure(stranger.sdk, stranger.sdk.resource.oss.file({ name: file.name }))).toEqual(FORBIDDEN);
  });

  it('answers 404 for a missing object the caller may read, after the access check', async () => {
    const missing = `000000/upload/20260101/${'a'.repeat(32)}.txt`;
    const signed = await suite.server.ctx.storage.links.present(`${FILE_PATH}?name=${missing}`, '000000');
    expect(await envelope(await anonymous(signed))).toMatchObject({ status: 404, code: 404, msg: m.fileMissing });
    expect(await failure(suite.admin, suite.admin.resource.oss.file({ name: missing }))).toEqual({
      status: 404,
      code: 404,
      msg: m.fileMissing,
    });
    expect(await failure(stranger.sdk, stranger.sdk.resource.oss.file({ name: missing }))).toEqual(FORBIDDEN);
    expect((await anonymous(`${FILE_PATH}?name=${missing}`)).status).toBe(401);
  });

  it('serves avatars to anyone, without a signature', async () => {
    const avatar = await put(stranger.sdk, 'me.png', PNG, 'avatar');
    expect(avatar.link).toBe(`${FILE_PATH}?name=${encodeURIComponent(avatar.name)}`);
    const response = await anonymous(avatar.link);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('signs the links of attachment lists and details, never for a row naming another tenant’s object', async () => {
    const [listed] = (await suite.admin.resource.attach.list({ name: file.name })).records;
    expect((await anonymous(String(listed?.link))).status).toBe(200);
    const detail = await suite.admin.resource.attach.detail(file.attachId);
    expect((await anonymous(String(detail?.link))).status).toBe(200);

    const forged = await stranger.sdk.resource.attach.submit({ name: file.name, link: plainLink, domain: FILE_PATH });
    const shown = await stranger.sdk.resource.attach.detail(forged.id);
    expect(shown?.link).toBe(plainLink);
    expect((await anonymous(String(shown?.link))).status).toBe(401);
  });
});
