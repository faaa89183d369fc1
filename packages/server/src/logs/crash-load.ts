import { createHash } from 'node:crypto';

/**
 * Concurrent security-relevant calls against a running server, each remembered once its answer
 * arrived (an acknowledged call): what the crash suite then looks for in the database.
 */

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const LOAD_PASSWORD = 'Crash#pass1';
const OTHER_PASSWORD = 'Crash#pass2';

interface Acknowledged {
  /** Sign-ins by their unique client address (the server trusts X-Forwarded-For). */
  signIns: { ip: string; success: boolean }[];
  /** Accounts created through user/submit. */
  createdAccounts: string[];
  /** role/grant calls answered, per role id. */
  roleGrants: Map<string, number>;
  /** Own password changes answered, per account. */
  passwordChanges: Map<string, number>;
  /** Every /api call answered (the api log may lose the last batch of them on a crash). */
  apiCalls: number;
}

export interface LoadSetup {
  baseUrl: string;
  adminToken: string;
  roleId: string;
  deptId: string;
  menuIds: string[];
  /** Accounts that sign in with LOAD_PASSWORD. */
  signInAccounts: string[];
  /** One account per worker that changes its own password back and forth. */
  ownAccounts: string[];
}

export async function call(
  baseUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; ip?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { authorization: BASIC };
  if (init.token) headers['blade-auth'] = `bearer ${init.token}`;
  if (init.ip) headers['x-forwarded-for'] = init.ip;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  // The answer was sent once its status arrived: the body may be cut short by the crash.
  const body = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

export async function passwordSignIn(baseUrl: string, account: string, password: string, ip: string) {
  const query = new URLSearchParams({
    grant_type: 'password',
    scope: 'all',
    tenantId: '000000',
    username: account,
    password: md5(password),
  });
  return call(baseUrl, `/api/blade-auth/oauth/token?${query}`, { ip });
}

const addressOf = (kind: number, n: number) => `10.${kind}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Starts `workers` loops that run until `stop()` says so or the server stops answering. Each loop takes
 * turns: a refused sign-in, a granted one, a user created, a role grant, its own password change.
 */
export function startLoad(setup: LoadSetup, workers: number, stop: () => boolean): { ack: Acknowledged; done: Promise<void> } {
  const ack: Acknowledged = { signIns: [], createdAccounts: [], roleGrants: new Map(), passwordChanges: new Map(), apiCalls: 0 };
  let counter = 0;
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  const answered = async <T>(pending: Promise<T>) => {
    const answer = await pending;
    ack.apiCalls++;
    return answer;
  };

  const worker = async (index: number) => {
    const own = setup.ownAccounts[index] as string;
    let ownPassword = LOAD_PASSWORD;
    let ownToken: string | undefined;
    for (let turn = 0; !stop(); turn++) {
      const n = ++counter;
      try {
        switch (turn % 5) {
          case 0: {
            const ip = addressOf(1, n);
            const { status } = await answered(passwordSignIn(setup.baseUrl, `ghost_${n}`, 'Wrong#pass1', ip));
            if (status === 400) ack.signIns.push({ ip, success: false });
            break;
          }
          case 1: {
            const ip = addressOf(2, n);
            const account = setup.signInAccounts[n % setup.signInAccounts.length] as string;
            const { status } = await answered(passwordSignIn(setup.baseUrl, account, LOAD_PASSWORD, ip));
            if (status === 200) ack.signIns.push({ ip, success: true });
            break;
          }
          case 2: {
            const account = `crash_u_${n}`;
            const body = { account, name: account, realName: '压测', roleId: setup.roleId, deptId: setup.deptId };
            const { status } = await answered(
              call(setup.baseUrl, '/api/blade-user/submit', {
                token: setup.adminToken,
                body: { ...body, password: LOAD_PASSWORD, password2: LOAD_PASSWORD },
              }),
            );
            if (status === 200) ack.createdAccounts.push(account);
            break;
          }
          case 3: {
            const menuIds = setup.menuIds.slice(0, 1 + (n % setup.menuIds.length));
            const { status } = await answered(
              call(setup.baseUrl, '/api/blade-system/role/grant', {
                token: setup.adminToken,
                body: { roleIds: [setup.roleId], menuIds },
              }),
            );
            if (status === 200) count(ack.roleGrants, setup.roleId);
            break;
          }
          default: {
            if (!ownToken) {
              const { status, body } = await answered(passwordSignIn(setup.baseUrl, own, ownPassword, addressOf(3, n)));
              if (status !== 200) break;
              ack.signIns.push({ ip: addressOf(3, n), success: true });
              ownToken = (body as { access_token: string }).access_token;
            }
            const next = ownPassword === LOAD_PASSWORD ? OTHER_PASSWORD : LOAD_PASSWORD;
            const fields = {
              oldPassword: md5(ownPassword),
              newPassword: md5(next),
              newPassword1: md5(next),
              passwordBase64: Buffer.from(next).toString('base64'),
            };
            const { status } = await answered(call(setup.baseUrl, '/api/blade-user/update-password', { token: ownToken, body: fields }));
            if (status === 200) {
              ownPassword = next;
              count(ack.passwordChanges, own);
            } else ownToken = undefined;
          }
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, i) => worker(i))).then(() => undefined);
  return { ack, done };
}
