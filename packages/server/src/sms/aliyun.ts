import { createHmac, randomUUID } from 'node:crypto';
import { type SmsCredentials, type SmsMessage, type SmsProvider, TIMEOUT_MS } from './provider.js';

/** RFC 3986 as Alibaba Cloud's RPC signature wants it. */
const percentEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The RPC signature (HMAC-SHA1) of Alibaba Cloud's API: sorted, percent-encoded parameters,
 * `GET&%2F&<encoded query>`, keyed with `secret&` (help.aliyun.com, "RPC signature method").
 */
function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign, 'utf8').digest('base64');
}

/** dysmsapi SendSms, version 2017-05-25. */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';

  constructor(private readonly credentials: SmsCredentials) {}

  async send(message: SmsMessage): Promise<string> {
    const params: Record<string, string> = {
      AccessKeyId: this.credentials.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: this.credentials.region || 'cn-hangzhou',
      SignName: message.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: message.templateId,
      TemplateParam: JSON.stringify(message.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('GET', params, this.credentials.secretKey);
    const base = (this.credentials.endpoint || 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, '');
    const query = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const response = await (this.credentials.fetch ?? fetch)(`${base}/?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string; BizId?: string };
    if (answer.Code !== 'OK') throw new Error(`${answer.Code ?? response.status}: ${answer.Message ?? ''}`);
    return answer.BizId ?? '';
  }
}
