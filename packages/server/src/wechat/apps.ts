import { badRequest, wxMessages as m } from '@sso/shared-api';
import type { Db } from '../db/database.js';
import { live } from '../kernel/live-rows.js';
import type { WxAppRef } from './client.js';

/** A stored WeChat application as the services use it (the secret still encrypted). */
export interface WxApp extends WxAppRef {
  name: string;
  appType: number;
  status: number;
  token: string | null;
  aesKey: string | null;
}

export const OFFICIAL_ACCOUNT = 1;
export const MINI_PROGRAM = 2;

const columns = ['id', 'tenantId', 'name', 'appType', 'appId', 'appSecret', 'token', 'aesKey', 'status'] as const;

/**
 * A live, enabled application of the tenant by its row id, of the given type when one is asked:
 * a 400 naming what is wrong otherwise.
 */
export async function requireWxApp(db: Db, tenantId: string, id: string, type?: number): Promise<WxApp> {
  const row = await db.selectFrom('blade_wx_app').select(columns).where('id', '=', id).$call(live(tenantId)).executeTakeFirst();
  if (!row) throw badRequest(m.say.appMissing);
  if (row.status !== 1) throw badRequest(m.say.appDisabled);
  if (type === OFFICIAL_ACCOUNT && row.appType !== OFFICIAL_ACCOUNT) throw badRequest(m.say.notOfficial);
  if (type === MINI_PROGRAM && row.appType !== MINI_PROGRAM) throw badRequest(m.say.notMini);
  return { ...row, id: String(row.id) };
}

/** The live application WeChat calls back for, by WeChat's AppID (one per platform). */
export async function wxAppByAppId(db: Db, appId: string): Promise<WxApp | undefined> {
  const row = await db.selectFrom('blade_wx_app').select(columns).where('appId', '=', appId).$call(live()).executeTakeFirst();
  return row ? { ...row, id: String(row.id) } : undefined;
}
