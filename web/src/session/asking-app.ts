import { client } from '../api/client.js';

/** The name of the application asking for a sign-in ('' when it is missing or disabled). */
export async function askingAppName(appCode: string): Promise<string> {
  try {
    return String(await client.call('POST', '/api/blade-auth/oauth/getAppNameByAppCode', { appCode }));
  } catch {
    return '';
  }
}
