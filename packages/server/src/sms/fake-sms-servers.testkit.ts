import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Alibaba Cloud dysmsapi and Tencent Cloud SMS in tests. Each recomputes the
 * request's signature from its documentation with its own code (not the adapters') and answers in
 * the provider's JSON shape: success, or the provider's signature error.
 */
export interface FakeSmsServer {
  endpoint: string;
  received: Record<string, unknown>[];
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => Record<string, unknown> | undefined;

async function serve(handler: Handler): Promise<FakeSmsServer> {
  const received: Record<string, unknown>[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const seen = handler(request, Buffer.concat(chunks).toString('utf8'), response);
    if (seen) received.push(seen);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

const json = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** RPC signature: HMAC-SHA1 over GET&%2F&<encoded sorted query>, key `secret&`. */
export function startFakeAliyun(secrets: Record<string, string>): Promise<FakeSmsServer> {
  const encode = (s: string) =>
    encodeURIComponent(s)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return serve((request, _body, response) => {
    const params = Object.fromEntries(new URL(request.url ?? '/', 'http://x').searchParams);
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${encode(k)}=${encode(rest[k] ?? '')}`)
      .join('&');
    const expected = createHmac('sha1', `${secrets[rest.AccessKeyId ?? ''] ?? '?'}&`)
      .update(`GET&%2F&${encode(canonical)}`)
      .digest('base64');
    const required = [
      'Action',
      'Version',
      'Format',
      'SignatureMethod',
      'SignatureVersion',
      'SignatureNonce',
      'Timestamp',
      'PhoneNumbers',
      'SignName',
      'TemplateCode',
      'RegionId',
    ];
    if (request.method !== 'GET' || required.some((k) => !rest[k]) || rest.Action !== 'SendSms' || rest.Version !== '2017-05-25') {
      json(response, { Code: 'MissingParameter', Message: 'bad request shape' });
      return undefined;
    }
    if (Signature !== expected) {
      json(response, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
      return undefined;
    }
    json(response, { Code: 'OK', Message: 'OK', BizId: `biz-${rest.PhoneNumbers}`, RequestId: 'r1' });
    return rest;
  });
}

/** TC3-HMAC-SHA256 over the canonical request of a JSON POST; service `sms`. */
export function startFakeTencent(secrets: Record<string, string>): Promise<FakeSmsServer> {
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  const mac = (k: string | Buffer, s: string) => createHmac('sha256', k).update(s).digest();
  return serve((request, body, response) => {
    const h = request.headers;
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
        String(h.authorization ?? ''),
      );
    if (request.method !== 'POST' || h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11' || !auth) {
      json(response, { Response: { Error: { Code: 'InvalidParameter', Message: 'bad request shape' }, RequestId: 'r' } });
      return undefined;
    }
    const [, secretId = '', date = '', signature] = auth;
    const timestamp = String(h['x-tc-timestamp']);
    const canonical = `POST\n/\n\ncontent-type:${h['content-type']}\nhost:${h.host}\n\ncontent-type;host\n${sha(body)}`;
    const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha(canonical)}`;
    const key = mac(mac(mac(`TC3${secrets[secretId] ?? '?'}`, date), 'sms'), 'tc3_request');
    if (createHmac('sha256', key).update(toSign).digest('hex') !== signature) {
      json(response, {
        Response: {
          Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' },
          RequestId: 'r',
        },
      });
      return undefined;
    }
    const payload = JSON.parse(body) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      TemplateId: string;
      SignName: string;
      TemplateParamSet: string[];
    };
    json(response, {
      Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', SerialNo: `sn-${payload.PhoneNumberSet[0]}` }], RequestId: 'r' },
    });
    return { ...payload, region: h['x-tc-region'] };
  });
}
