import { client } from '../../api/client.js';

export interface WxAppChoice {
  value: string;
  label: string;
  appId: string;
  name: string;
}

/**
 * The tenant's WeChat applications of one type (1 official accounts, 2 mini programs) as choices:
 * the row id as value (what menus, followers, messages and the analytics take), named with the AppID.
 */
export async function loadWxApps(appType: 1 | 2): Promise<WxAppChoice[]> {
  const page = await client.wechat.wxApp.page({ appType, current: 1, size: 200 });
  return page.records.map((row) => ({ value: String(row.id), label: `${row.name} (${row.appId})`, appId: row.appId, name: row.name }));
}
