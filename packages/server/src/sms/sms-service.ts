import { createHash, randomInt } from 'node:crypto';
import { badRequest, resourceMessages as m, refusedWith, withDetail } from '@sso/shared-api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decryptSecret } from '../db/secrets.js';
import type { IdGenerator } from '../kernel/ids.js';
import { live } from '../kernel/live-rows.js';
import { CONFIG_ENABLED } from '../kernel/provider-status.js';
import type { OutboundGuard } from '../net/outbound-guard.js';
import { AliyunSms } from './aliyun.js';
import type { SmsProvider } from './provider.js';
import { TencentSms } from './tencent.js';

/** blade_sms.status of the tenant's one enabled configuration; dict `sms` 3 ali, 4 tencent. */
const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;
const PHONE = /^\+?\d{11,15}$/;

interface SendRequest {
  tenantId: string;
  /** The configuration's sms code or template id; absent: the enabled configuration's template. */
  code?: string;
  phones: string[];
  params: Record<string, string>;
  userId?: string;
  /** The address that asked (public code requests), for the per-address limit. */
  ip?: string;
}

/**
 * Sends template messages through the tenant's enabled provider, or records them in blade_sms_log
 * (the log provider, the default) where administrators read them. Every send is logged, and the
 * log doubles as the per-phone rate limit ledger.
 */
export class SmsService {
  /** Per phone: at most `perMinute` in 60 s and `perHour` in an hour. */
  limits = { perMinute: 1, perHour: 10 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ids: IdGenerator,
    private readonly outbound: OutboundGuard,
  ) {}

  async send(request: SendRequest): Promise<void> {
    for (const phone of request.phones) if (!PHONE.test(phone)) throw badRequest(m.say.phoneFormat);
    const config = await this.enabledConfig(request.tenantId);
    if (config && request.code && request.code !== config.smsCode && request.code !== config.templateId) {
      throw badRequest(m.say.smsTemplateMissing);
    }
    const provider = config ? await this.providerOf(config) : undefined;
    const templateId = config?.templateId ?? request.code ?? 'verify-code';
    for (const phone of request.phones) {
      const logId = await this.reserve(
        request,
        phone,
        templateId,
        provider?.name ?? 'log',
        provider ? null : JSON.stringify(request.params),
      );
      if (!provider) continue;
      try {
        const serial = await provider.send({ phone, templateId, signName: config?.signName ?? '', params: request.params });
        await this.db
          .updateTable('blade_sms_log')
          .set({ outcome: `ok ${serial}`.trim() })
          .where('id', '=', logId)
          .execute();
      } catch (error) {
        const reason = (error as Error).message.slice(0, 400);
        await this.db
          .updateTable('blade_sms_log')
          .set({ outcome: `failed ${reason}`, status: 0 })
          .where('id', '=', logId)
          .execute();
        throw badRequest(withDetail(m.say.smsFailed, reason));
      }
    }
  }

  /** Sends a fresh 6-digit code valid for 5 minutes; only its hash is kept. */
  async issueCode(tenantId: string, phone: string, ip?: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.send({ tenantId, phones: [phone], params: { code }, ip });
    await this.db
      .insertInto('blade_sms_code')
      .values({
        id: this.ids.next(),
        tenantId,
        phone,
        codeHash: hashOf(tenantId, phone, code),
        expireTime: new Date(Date.now() + CODE_TTL_MS),
        used: 0,
      })
      .execute();
  }

  /** True once for a right, unexpired code; the code is spent by the check, and voided by 5 wrong guesses. */
  async verifyCode(tenantId: string, phone: string, code: string): Promise<boolean> {
    const spent = await this.db
      .updateTable('blade_sms_code')
      .set({ used: 1 })
      .where('tenantId', '=', tenantId)
      .where('phone', '=', phone)
      .where('codeHash', '=', hashOf(tenantId, phone, code))
      .where('used', '=', 0)
      .where('attempts', '<', MAX_ATTEMPTS)
      .where('expireTime', '>', new Date())
      .returning('id')
      .execute();
    if (spent.length > 0) return true;
    // A wrong guess counts against every live code of the phone: 5 misses and they are void.
    await this.db
      .updateTable('blade_sms_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('tenantId', '=', tenantId)
      .where('phone', '=', phone)
      .where('used', '=', 0)
      .execute();
    return false;
  }

  /** Logs the message first, then counts: concurrent bursts cannot slip past the limit. */
  private async reserve(
    request: SendRequest,
    phone: string,
    templateId: string,
    providerName: string,
    content: string | null,
  ): Promise<string> {
    const id = this.ids.next();
    await this.db
      .insertInto('blade_sms_log')
      .values({
        id,
        tenantId: request.tenantId,
        phone,
        smsCode: request.code ?? null,
        templateId,
        content,
        provider: providerName,
        createUser: request.userId ?? null,
        requestIp: request.ip?.slice(0, 100) ?? null,
      })
      .execute();
    const count = async (ms: number) => {
      const row = await this.db
        .selectFrom('blade_sms_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('phone', '=', phone)
        .$call(live())
        .where('createTime', '>', new Date(Date.now() - ms))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const refusal =
      (await count(60_000)) > this.limits.perMinute
        ? m.say.smsTooFrequent
        : (await count(3_600_000)) > this.limits.perHour
          ? m.say.smsHourlyLimit
          : undefined;
    if (refusal) {
      await this.db.deleteFrom('blade_sms_log').where('id', '=', id).execute();
      throw refusedWith(429, refusal);
    }
    return id;
  }

  /** Messages an address asked for within the last `ms` milliseconds. */
  async sentFromAddress(ip: string, ms: number): Promise<number> {
    const row = await this.db
      .selectFrom('blade_sms_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('requestIp', '=', ip.slice(0, 100))
      .where('createTime', '>', new Date(Date.now() - ms))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private enabledConfig(tenantId: string) {
    return this.db.selectFrom('blade_sms').selectAll().$call(live(tenantId)).where('status', '=', CONFIG_ENABLED).executeTakeFirst();
  }

  private async providerOf(config: NonNullable<Awaited<ReturnType<SmsService['enabledConfig']>>>): Promise<SmsProvider | undefined> {
    const credentials = {
      accessKey: config.accessKey ?? '',
      secretKey: (await decryptSecret(this.db, config.secretKey)) ?? '',
      region: config.regionId ?? '',
      endpoint: config.endpoint ?? undefined,
      appId: config.appId ?? undefined,
      fetch: this.outbound.fetchFor(config.tenantId),
    };
    if (config.category === 3) return new AliyunSms(credentials);
    if (config.category === 4) return new TencentSms(credentials);
    return undefined;
  }
}

const hashOf = (tenantId: string, phone: string, code: string) => createHash('sha256').update(`${tenantId}|${phone}|${code}`).digest('hex');
