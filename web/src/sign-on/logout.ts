import { client } from '../api/client.js';
import { fedLogout } from '../session/clear.js';

/**
 * Logout: ends the session on the server (POST oauth/logout, optionally carrying the buffered
 * error logs), then clears everything locally even when the server could not be reached.
 */
export async function logout(errorLogs?: unknown[]): Promise<void> {
  try {
    await client.logout(errorLogs);
  } catch {
    // already toasted; the local session ends anyway
  } finally {
    fedLogout();
  }
}
