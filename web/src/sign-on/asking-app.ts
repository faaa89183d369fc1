import { client } from '../api/client.js';

/**
 * The name of the application asking for a sign-in: '' when the server says it is missing or
 * disabled, undefined when the question could not be asked (no connection, a server failure), so
 * a lost connection is not shown as an unknown application.
 */
export async function askingAppName(appCode: string): Promise<string | undefined> {
  try {
    return String(await client.askingAppName(appCode));
  } catch {
    return undefined;
  }
}
