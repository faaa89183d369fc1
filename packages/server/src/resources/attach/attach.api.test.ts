import { zh } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bad,
  createTenantWithAdmin,
  createUserWithRole,
  FORBIDDEN,
  failure,
  type TestUser,
  type TrackedClient,
  useTestServer,
} from '../../api-suite.testkit.js';
import { type LocalS3, startLocalS3 } from '../../storage/fake-s3.testkit.js';

/** Attachments (one per upload) and report files: list, detail, remove with their stored objects. */
const suite = useTestServer();
let other: TestUser;
let viewer: TestUser;
let s3: LocalS3;
const S3 = { accessKey: 'AKIDATT', secretKey: 'attach-secret', region: 'cn-north-1' };

beforeAll(async () => {
  other = await createTenantWithAdmin(suite.server, '100082');
  viewer = await createUserWithRole(suite.server, { account: 'attach_viewer', menuCodes: ['attach', 'reportlist'] });
  s3 = await startLocalS3({ ...S3, buckets: ['att'] });
});
afterAll(async () => {
  await s3?.close();
});

const put = (sdk: TrackedClient, filename: string, body: string) =>
  sdk.resource.oss.putFile({ file: { filename, data: new TextEncoder().encode(body) } }, {});
const download = (link: string) => fetch(`${suite.server.baseUrl}${link}`);

describe('attach', () => {
  it('lists and details the uploads of the caller’s tenant only', async () => {
    const mine = await put(suite.admin, 'mine.pdf', '%PDF-1.4');
    const theirs = await put(other.sdk, 'theirs.pdf', '%PDF-1.4');
    const page = await suite.admin.resource.attach.list({ originalName: 'mine' });
    expect(page.records.map((r) => r.id)).toEqual([mine.attachId]);
    expect(page.records[0]).toMatchObject({ name: mine.name, extension: 'pdf' });
    // Listed links are signed afresh and work without a token.
    expect(String(page.records[0]?.link)).toMatch(/&expires=\d+&signature=/);
    expect(await (await download(String(page.records[0]?.link))).text()).toBe('%PDF-1.4');
    expect(await suite.admin.resource.attach.detail(mine.attachId)).toMatchObject({ originalName: 'mine.pdf' });
    expect(await suite.admin.resource.attach.detail(theirs.attachId)).toBeNull();
    expect((await other.sdk.resource.attach.list()).records.map((r) => r.id)).toEqual([theirs.attachId]);
  });

  it('remove deletes the stored file too', async () => {
    const file = await put(suite.admin, 'gone.txt', 'bye');
    expect((await download(file.link)).status).toBe(200);
    expect(await suite.admin.resource.attach.remove(file.attachId)).toBe(true);
    expect((await download(file.link)).status).toBe(404);
    expect(await suite.admin.resource.attach.detail(file.attachId)).toBeNull();
  });

  it('removeByName takes the link, deletes the S3 object, and stays inside the tenant', async () => {
    const config = await suite.admin.resource.oss.submit({ category: 1, endpoint: s3.endpoint, bucketName: 'att', ...S3 } as never);
    await suite.admin.resource.oss.enable(undefined, { id: config.id });
    const file = await put(suite.admin, 'cloud.txt', 'in the cloud');
    expect(s3.objects.has(`att/${file.name}`)).toBe(true);

    expect(await failure(other.sdk, other.sdk.resource.attach.removeByName(undefined, { link: file.link }))).toEqual(
      bad(zh('recordMissing')),
    );
    expect(await failure(viewer.sdk, viewer.sdk.resource.attach.removeByName(undefined, { link: file.link }))).toEqual(FORBIDDEN);
    expect(await failure(suite.admin, suite.admin.resource.attach.removeByName(undefined, { link: ' ' }))).toMatchObject({ status: 400 });
    expect(s3.objects.has(`att/${file.name}`)).toBe(true);

    expect(await suite.admin.resource.attach.removeByName(undefined, { link: file.link })).toBe(true);
    expect(s3.objects.has(`att/${file.name}`)).toBe(false);
    expect(await suite.admin.resource.attach.detail(file.attachId)).toBeNull();
    await suite.admin.resource.oss.remove(config.id);
  });

  it('never deletes another tenant’s object through a hand-made row', async () => {
    const file = await put(suite.admin, 'platform.txt', 'keep me');
    const forged = await other.sdk.resource.attach.submit({ name: file.name, link: file.link, domain: file.domain });
    expect(await other.sdk.resource.attach.remove(forged.id)).toBe(true);
    expect(await (await download(file.link)).text()).toBe('keep me');
  });

  it('answers 403 to users without the screen or the delete button', async () => {
    const file = await put(suite.admin, 'kept.txt', 'k');
    expect((await viewer.sdk.resource.attach.list()).total).toBeGreaterThan(0);
    expect(await failure(viewer.sdk, viewer.sdk.resource.attach.remove(file.attachId))).toEqual(FORBIDDEN);
    const outsider = await createUserWithRole(suite.server, { account: 'attach_none', menuCodes: ['desk'] });
    expect(await failure(outsider.sdk, outsider.sdk.resource.attach.list())).toEqual(FORBIDDEN);
    expect((await download(file.link)).status).toBe(200);
  });
});

describe('report files', () => {
  it('lists and removes report files, deleting the stored object', async () => {
    const stored = await put(suite.admin, 'sales.ureport.xml', '<ureport/>');
    const report = await suite.admin.report.reportFile.submit({ name: 'sales.ureport.xml', link: stored.link });
    const theirs = await other.sdk.report.reportFile.submit({ name: 'other.ureport.xml', content: '<ureport/>' });
    expect((await viewer.sdk.report.reportFile.list()).records.map((r) => r.name)).toEqual(['sales.ureport.xml']);
    expect(await failure(viewer.sdk, viewer.sdk.report.reportFile.remove(report.id))).toEqual(FORBIDDEN);
    expect(await failure(suite.admin, suite.admin.report.reportFile.remove(theirs.id))).toEqual(bad(zh('recordMissing')));
    expect(await suite.admin.report.reportFile.remove(report.id)).toBe(true);
    expect((await suite.admin.report.reportFile.list()).total).toBe(0);
    expect((await download(stored.link)).status).toBe(404);
  });
});
