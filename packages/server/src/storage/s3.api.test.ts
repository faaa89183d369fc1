import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from './fake-s3.testkit.js';
import { S3Store } from './s3-store.js';
import { authorization, sha256Hex } from './sigv4.js';

/** SigV4 against AWS's published example, and the S3 store against a local S3-compatible server. */
const creds = { accessKey: 'AKIDLOCAL', secretKey: 'local/secret+key', region: 'us-east-1' };
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3({ ...creds, buckets: ['files'] });
});
afterAll(() => s3?.close());

describe('SigV4', () => {
  it('matches the GET Object example of the S3 documentation', () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object"
    const payloadHash = sha256Hex('');
    const value = authorization(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': payloadHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash,
      },
      { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
    );
    expect(value).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3Store', () => {
  it('puts, gets and deletes objects with signed requests', async () => {
    const store = new S3Store({ ...creds, endpoint: s3.endpoint, bucket: 'files' });
    const data = new TextEncoder().encode('你好, S3 ~ *!');
    await store.put('000000/upload/20260101/a b+c.txt', data, 'text/plain; charset=utf-8');
    expect(s3.objects.get('files/000000/upload/20260101/a b+c.txt')?.data.toString('utf8')).toBe('你好, S3 ~ *!');
    const got = await store.get('000000/upload/20260101/a b+c.txt');
    expect(Buffer.from(got?.data ?? []).toString('utf8')).toBe('你好, S3 ~ *!');
    expect(got?.contentType).toBe('text/plain; charset=utf-8');
    expect(store.linkOf('x/y.png')).toBe('/api/blade-resource/oss/endpoint/file?name=x%2Fy.png');
    await store.remove('000000/upload/20260101/a b+c.txt');
    expect(await store.get('000000/upload/20260101/a b+c.txt')).toBeUndefined();
    expect(s3.refused).toBe(0);
  });

  it('is refused with a wrong secret or an unknown bucket', async () => {
    const wrong = new S3Store({ ...creds, secretKey: 'not-the-secret', endpoint: s3.endpoint, bucket: 'files' });
    await expect(wrong.put('k.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow('S3 answered 403 SignatureDoesNotMatch');
    expect(s3.refused).toBe(1);
    const missing = new S3Store({ ...creds, endpoint: s3.endpoint, bucket: 'nope' });
    await expect(missing.put('k.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow('S3 answered 404 NoSuchBucket');
  });
});
