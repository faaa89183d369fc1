import { resourceMessages as m, zh } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  failure,
  type TestUser,
  type TrackedClient,
  tableSnapshot,
  useTestServer,
} from '../../api-suite.testkit.js';
import { decryptSecret } from '../../db/secrets.js';
import { type LocalS3, startLocalS3 } from '../../storage/fake-s3.testkit.js';

/** Object storage: put-file to the local disk or an enabled S3 configuration, limits, downloads, enable. */
const suite = useTestServer();
let other: TestUser;
let plain: TestUser;
let s3: LocalS3;
const S3 = { accessKey: 'AKIDTEST', secretKey: 'sEcReT/123+', region: 'us-east-1' };

beforeAll(async () => {
  other = await createTenantWithAdmin(suite.server, '100081');
  plain = await createUserWithRole(suite.server, { account: 'oss_plain', menuCodes: ['desk'] });
  s3 = await startLocalS3({ ...S3, buckets: ['sso'] });
});
afterAll(async () => {
  await s3?.close();
});

const api = (sdk: TrackedClient = suite.admin) => sdk.resource.oss;
const text = (s: string) => new TextEncoder().encode(s);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const put = (sdk: TrackedClient, filename: string, data: Uint8Array, type?: 'avatar') =>
  api(sdk).putFile({ file: { filename, data } }, type ? { type } : {});
const s3Config = (extra: Record<string, unknown> = {}) =>
  api().submit({
    category: 1,
    endpoint: s3.endpoint,
    bucketName: 'sso',
    accessKey: S3.accessKey,
    secretKey: S3.secretKey,
    region: S3.region,
    ossCode: 'minio',
    ...extra,
  } as never);
const statusOf = async (id: string) =>
  (await suite.server.ctx.db.selectFrom('blade_oss').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('put-file on the local disk (no configuration)', () => {
  it('stores the file, records an attachment and serves it back with its content type', async () => {
    const file = await put(suite.admin, '说明.txt', text('hello 本地'));
    expect(file).toMatchObject({ domain: '/api/blade-resource/oss/endpoint/file', originalName: '说明.txt' });
    expect(file.name).toMatch(/^000000\/upload\/\d{8}\/[0-9a-f]{32}\.txt$/);
    const stored = `/api/blade-resource/oss/endpoint/file?name=${encodeURIComponent(file.name)}`;
    // The answer carries a signed link; the attachment keeps the plain one and is signed when listed.
    expect(file.link).toMatch(new RegExp(`^${stored.replace(/[?.]/g, '\\$&')}&expires=\\d+&signature=[\\w-]{43}$`));
    const row = await suite.server.ctx.db.selectFrom('blade_attach').selectAll().where('id', '=', file.attachId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenantId: '000000', name: file.name, originalName: '说明.txt', extension: 'txt', link: stored });
    expect(Number(row.attachSize)).toBe(text('hello 本地').byteLength);

    const response = await fetch(`${suite.server.baseUrl}${file.link}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('hello 本地');
    expect(Buffer.from(await api().file({ name: file.name })).toString()).toBe('hello 本地');
  });

  it('refuses path traversal and unknown names', async () => {
    for (const name of ['../../etc/passwd', '000000/upload/20260101/../../../../etc/passwd', '/etc/passwd', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await fetch(`${suite.server.baseUrl}/api/blade-resource/oss/endpoint/file?name=${encodeURIComponent(name)}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toBe(m.badFileName);
    }
    const missing = `000000/upload/20260101/${'0'.repeat(32)}.txt`;
    expect(await failure(suite.admin, api().file({ name: missing }))).toEqual({ status: 404, code: 404, msg: m.fileMissing });
  });

  it('takes avatars only as jpg/png up to 500kb, with the messages BladeX shows, writing nothing when refused', async () => {
    const before = await tableSnapshot(suite.server, 'blade_attach');
    expect(await failure(suite.admin, put(suite.admin, 'a.gif', text('GIF89a'), 'avatar'))).toEqual(bad(m.avatarType));
    expect(await failure(suite.admin, put(suite.admin, 'fake.png', text('not a png'), 'avatar'))).toEqual(bad(m.avatarType));
    const big = new Uint8Array(500 * 1024 + 1);
    big.set(PNG);
    expect(await failure(suite.admin, put(suite.admin, 'big.png', big, 'avatar'))).toEqual(bad(m.avatarSize));
    expect(await tableSnapshot(suite.server, 'blade_attach')).toEqual(before);
    const ok = await put(suite.admin, 'me.png', PNG, 'avatar');
    // Avatars are public: a plain link that works without a token.
    expect(ok.name).toMatch(/^000000\/public\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(ok.link).toBe(`/api/blade-resource/oss/endpoint/file?name=${encodeURIComponent(ok.name)}`);
    const response = await fetch(`${suite.server.baseUrl}${ok.link}`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);
  });

  it('refuses files over 10 MB and non-multipart bodies', async () => {
    const before = await tableSnapshot(suite.server, 'blade_attach');
    expect(await failure(suite.admin, put(suite.admin, 'huge.bin', new Uint8Array(10 * 1024 * 1024 + 1)))).toEqual(
      bad('上传文件过大（最大10MB）'),
    );
    expect(await failure(suite.admin, api().putFile({} as never))).toEqual(bad(m.file));
    expect(await tableSnapshot(suite.server, 'blade_attach')).toEqual(before);
  });

  it('lets users holding the attachment upload or storage screen upload, anyone signed in only their avatar', async () => {
    expect(await failure(plain.sdk, put(plain.sdk, 'x.txt', text('x')))).toEqual({ status: 403, code: 403, msg: zh('forbidden') });
    expect((await put(plain.sdk, 'me.png', PNG, 'avatar')).name).toMatch(/^000000\/public\//);
    for (const code of ['attach_upload', 'oss']) {
      const holder = await createUserWithRole(suite.server, { account: `oss_up_${code}`, menuCodes: [code] });
      expect((await put(holder.sdk, 'x.txt', text('x'))).name).toMatch(/^000000\/upload\//);
    }
    const anonymous = await fetch(`${suite.server.baseUrl}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('S3-compatible configurations', () => {
  it('keeps the secret encrypted and hidden, and validates the endpoint', async () => {
    const row = await s3Config({ ossCode: 'hidden' });
    expect(row).not.toHaveProperty('secretKey');
    expect(row.status).toBe(1);
    const stored = await suite.server.ctx.db.selectFrom('blade_oss').select('secretKey').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(stored.secretKey).toMatch(/^enc:v1:/);
    expect(await decryptSecret(suite.server.ctx.db, stored.secretKey)).toBe(S3.secretKey);
    await api().submit({ id: row.id, remark: '改备注', secretKey: '' } as never);
    expect(
      await decryptSecret(
        suite.server.ctx.db,
        (await suite.server.ctx.db.selectFrom('blade_oss').select('secretKey').where('id', '=', row.id).executeTakeFirstOrThrow())
          .secretKey,
      ),
    ).toBe(S3.secretKey);

    const before = await tableSnapshot(suite.server, 'blade_oss');
    expect(await failure(suite.admin, s3Config({ endpoint: 'not a url' }))).toEqual(bad(m.endpoint));
    expect(await failure(suite.admin, s3Config({ bucketName: '' }))).toEqual(bad(m.bucketName));
    expect(await failure(suite.admin, api().submit({ category: 9 } as never))).toEqual(bad(m.category));
    expect(await tableSnapshot(suite.server, 'blade_oss')).toEqual(before);
    await api().remove(row.id);
  });

  it('uploads locally while the configuration is disabled, to S3 once enabled; one enabled per tenant', async () => {
    const first = await s3Config();
    const second = await api().submit({ category: 5, ossCode: 'disk' } as never);
    const local = await put(suite.admin, 'before.txt', text('local'));
    expect(local.domain).toBe('/api/blade-resource/oss/endpoint/file');
    expect(s3.objects.size).toBe(0);

    expect(await api().enable(undefined, { id: first.id })).toBe(true);
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual([2, 1]);
    const remote = await put(suite.admin, 'photo.png', PNG);
    expect(remote.domain).toBe(`${s3.endpoint}/sso`);
    // The link points at the server, which reads the private bucket for holders of the signed link.
    expect(remote.link).toMatch(/^\/api\/blade-resource\/oss\/endpoint\/file\?name=.+&signature=/);
    const served = await fetch(`${suite.server.baseUrl}${remote.link}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await failure(other.sdk, api(other.sdk).file({ name: remote.name }))).status).toBe(403);
    expect(s3.objects.get(`sso/${remote.name}`)?.data).toEqual(Buffer.from(PNG));
    expect(s3.objects.get(`sso/${remote.name}`)?.contentType).toBe('image/png');

    // The other tenant has no enabled configuration: its files stay on the local disk.
    expect((await put(other.sdk, 'theirs.txt', text('t'))).domain).toBe('/api/blade-resource/oss/endpoint/file');

    expect(await api().enable(undefined, { id: second.id })).toBe(true);
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual([1, 2]);
    expect((await put(suite.admin, 'after.txt', text('disk'))).domain).toBe('/api/blade-resource/oss/endpoint/file');
    await api().remove([first.id, second.id]);
  });

  it('reports a failing provider and records no attachment', async () => {
    const broken = await s3Config({ secretKey: 'wrong-secret' });
    await api().enable(undefined, { id: broken.id });
    const before = await tableSnapshot(suite.server, 'blade_attach');
    const refused = await failure(suite.admin, put(suite.admin, 'x.txt', text('x')));
    expect(refused).toEqual(bad(`${m.storageFailed}: S3 answered 403 SignatureDoesNotMatch`));
    expect(await tableSnapshot(suite.server, 'blade_attach')).toEqual(before);
    await api().remove(broken.id);
  });

  it('guards enable by oss_enable and the tenant', async () => {
    const row = await s3Config();
    expect(await failure(other.sdk, api(other.sdk).enable(undefined, { id: row.id }))).toEqual(bad(zh('recordMissing')));
    expect(await failure(plain.sdk, api(plain.sdk).enable(undefined, { id: row.id }))).toEqual({
      status: 403,
      code: 403,
      msg: zh('forbidden'),
    });
    expect(await failure(plain.sdk, api(plain.sdk).list())).toMatchObject({ status: 403 });
    expect((await api(other.sdk).list()).records.map((r) => r.id)).not.toContain(row.id);
    expect(await statusOf(row.id)).toBe(1);
  });
});
