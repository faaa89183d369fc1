import { createHash, createHmac } from 'node:crypto';
import { type SmsCredentials, type SmsMessage, type SmsProvider, TIMEOUT_MS } from './provider.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

const TENCENT_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * TC3-HMAC-SHA256 of Tencent Cloud API 3.0 (cloud.tencent.com/document/api/382/52072) for a
 * POST with a JSON body: the Authorization header value.
 */
function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  host: string;
  service: string;
  timestamp: number;
  payload: string;
}) {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalHeaders = `content-type:${TENCENT_CONTENT_TYPE}\nhost:${input.host}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(input.payload)].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const signing = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signing).update(toSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** SendSms, version 2021-01-11; mainland numbers get +86. */
export class TencentSms implements SmsProvider {
  readonly name = 'tencent';

  constructor(private readonly credentials: SmsCredentials) {}

  async send(message: SmsMessage): Promise<string> {
    const url = new URL(this.credentials.endpoint || 'https://sms.tencentcloudapi.com');
    const payload = JSON.stringify({
      PhoneNumberSet: [message.phone.startsWith('+') ? message.phone : `+86${message.phone}`],
      SmsSdkAppId: this.credentials.appId ?? '',
      SignName: message.signName,
      TemplateId: message.templateId,
      TemplateParamSet: Object.values(message.params).map(String),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tc3Authorization({
      secretId: this.credentials.accessKey,
      secretKey: this.credentials.secretKey,
      host: url.host,
      service: 'sms',
      timestamp,
      payload,
    });
    const response = await (this.credentials.fetch ?? fetch)(url, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': TENCENT_CONTENT_TYPE,
        'x-tc-action': 'SendSms',
        'x-tc-timestamp': String(timestamp),
        'x-tc-version': '2021-01-11',
        'x-tc-region': this.credentials.region || 'ap-guangzhou',
      },
      body: payload,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => ({}))) as {
      Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string; SerialNo?: string }[] };
    };
    const error = answer.Response?.Error;
    if (error) throw new Error(`${error.Code}: ${error.Message}`);
    const status = answer.Response?.SendStatusSet?.[0];
    if (!status || status.Code !== 'Ok') throw new Error(`${status?.Code ?? response.status}: ${status?.Message ?? ''}`);
    return status.SerialNo ?? '';
  }
}
