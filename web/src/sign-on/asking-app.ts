import { client } from '../api/client.js';

/** The name of the application asking for a sign-in ('' when it is missing or disabled). */
export async function askingAppName(appCode: string): Promise<string> {
  try {
    return String(await client.askingAppName(appCode));
  } catch {
    return '';
  }
}
