import { randomBytes } from 'node:crypto';
import { feishuEncrypt, feishuSignature } from './feishu-crypto.js';
import { type FakeRequest, type OrgDept, type OrgFake, type OrgPerson, startOrgFake } from './org-fake.testkit.js';

/**
 * Feishu's open API as documented: tenant_access_token/internal; contact/v3/departments/:id/children
 * with fetch_child (every department below, paged with page_token); contact/v3/users/find_by_department
 * (direct members, paged). Two items a page, so every list takes several pages. The organisation's
 * top department ('1') is the tenant itself here, Feishu's department 0. A call refused for its rate
 * answers HTTP 429, code 99991400 and `x-ogw-ratelimit-reset: 0`.
 */
export const FEISHU = { appId: 'cli_a1b2c3d4e5f6', secret: 'feishu-app-secret', token: 't-feishu-tenant-token' };
const PAGE = 2;
const openId = (id: string) => (id === '1' ? '0' : `od-${id}`);

export function startFeishu(org: { depts: OrgDept[]; people: OrgPerson[] }): Promise<OrgFake> {
  const page = <T>(items: T[], query: URLSearchParams) => {
    const from = Number(query.get('page_token') || 0);
    const size = Math.min(Number(query.get('page_size') ?? 50), PAGE);
    const more = from + size < items.length;
    return {
      body: {
        code: 0,
        msg: 'success',
        data: { has_more: more, ...(more ? { page_token: String(from + size) } : {}), items: items.slice(from, from + size) },
      },
    };
  };
  const below = (id: string): OrgDept[] => org.depts.filter((d) => d.parent === id).flatMap((d) => [d, ...below(d.id)]);
  return startOrgFake(
    ({ method, path, query, headers, body }: FakeRequest) => {
      if (path === '/open-apis/auth/v3/tenant_access_token/internal' && method === 'POST') {
        if (body.app_id !== FEISHU.appId || body.app_secret !== FEISHU.secret) return { body: { code: 10014, msg: 'app secret invalid' } };
        return { body: { code: 0, msg: 'ok', tenant_access_token: FEISHU.token, expire: 7200 } };
      }
      if (headers.authorization !== `Bearer ${FEISHU.token}`) return { status: 400, body: { code: 99991663, msg: 'Invalid access token' } };
      if (query.get('department_id_type') !== 'open_department_id' || query.get('user_id_type') !== 'user_id') {
        return { status: 400, body: { code: 99992402, msg: 'field validation failed' } };
      }
      const children = /^\/open-apis\/contact\/v3\/departments\/([^/]+)\/children$/.exec(path);
      if (children) {
        const root = decodeURIComponent(children[1] as string);
        const rootId = root === '0' ? '1' : root.replace(/^od-/, '');
        const depts = query.get('fetch_child') === 'true' ? below(rootId) : org.depts.filter((d) => d.parent === rootId);
        const items = depts.map((d) => ({
          name: d.name,
          department_id: `D${d.id}`,
          open_department_id: openId(d.id),
          parent_department_id: openId(d.parent ?? '1'),
          leader_user_id: d.leader ?? '',
          status: { is_deleted: false },
        }));
        return page(items, query);
      }
      if (path === '/open-apis/contact/v3/users/find_by_department') {
        const deptId = query.get('department_id') ?? '';
        const items = org.people
          .filter((p) => openId(p.dept) === deptId)
          .map((p) => ({
            user_id: p.id,
            open_id: `ou_${p.id}`,
            union_id: `on_${p.id}`,
            name: p.name,
            email: p.email,
            mobile: `+86${p.mobile}`,
            employee_no: p.code,
            department_ids: [openId(p.dept)],
            status: { is_frozen: false, is_resigned: !p.active, is_activated: true, is_exited: false, is_unjoin: false },
          }));
        return page(items, query);
      }
      return { status: 404, body: { code: 404, msg: 'not found' } };
    },
    () => ({ status: 429, headers: { 'x-ogw-ratelimit-reset': '0' }, body: { code: 99991400, msg: 'request trigger frequency limit' } }),
  );
}

/** An event as Feishu posts it: encrypted with the Encrypt Key, signed in X-Lark-Signature. */
export function feishuCallback(encryptKey: string, event: Record<string, unknown>, signWith = encryptKey) {
  const body = JSON.stringify({ encrypt: feishuEncrypt(encryptKey, JSON.stringify(event)) });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(6).toString('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-lark-request-timestamp': timestamp,
      'x-lark-request-nonce': nonce,
      'x-lark-signature': feishuSignature(timestamp, nonce, signWith, body),
    },
  };
}
