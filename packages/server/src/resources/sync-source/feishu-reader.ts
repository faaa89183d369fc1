import type { DirectoryReader, DirectorySnapshot, SourceDept, SourcePerson } from './directory.js';
import { assertBounded, hintOf, listOf, OrgApi, type OrgApiSettings, text, type Verdict } from './org-api.js';

export const FEISHU_API_BASE = 'https://open.feishu.cn';

/** Feishu's refusal for the call rate: code 99991400 or HTTP 429, with the seconds to wait in `x-ogw-ratelimit-reset`. */
export function feishuVerdict(body: Record<string, unknown>, status: number, headers: Headers): Verdict {
  const code = Number(body.code ?? 0);
  const message = String(body.msg ?? '');
  if (status === 429 || code === 99991400) {
    return { ok: false, rateLimited: true, waitMs: hintOf(headers, 'x-ogw-ratelimit-reset'), code: String(code || status), message };
  }
  if (code !== 0) return { ok: false, rateLimited: false, code: String(code), message };
  if (status >= 400) return { ok: false, rateLimited: false, code: `HTTP ${status}`, message };
  return { ok: true };
}

export interface FeishuSettings {
  appId: string;
  secret: string;
  /** The department whose tree is read (0: the whole organisation, which is not itself a department). */
  rootDepartment: string;
}

const PAGE_SIZE = 50;
const ID_TYPES = { department_id_type: 'open_department_id', user_id_type: 'user_id' } as const;

/**
 * Feishu (飞书): `auth/v3/tenant_access_token/internal` with the App ID and App Secret;
 * `contact/v3/departments/:id/children` with `fetch_child=true` answers every department below
 * the root, page by page (`page_token` until `has_more` is false); `contact/v3/users/find_by_department`
 * per department (and the root) answers its direct members, paged alike. Keys: the
 * `open_department_id` and the `user_id`; `employee_no` is the employee number; a department's
 * `leader_user_id` leads it; a resigned or frozen person is a leaver.
 */
export function feishuReader(api: Omit<OrgApiSettings, 'verdict' | 'vendor'>, settings: FeishuSettings): DirectoryReader {
  const client = new OrgApi({ ...api, vendor: 'Feishu', verdict: feishuVerdict });
  const fetchToken = () =>
    client.accessToken(
      'open-apis/auth/v3/tenant_access_token/internal',
      { body: { app_id: settings.appId, app_secret: settings.secret } },
      'tenant_access_token',
    );
  return {
    async probe() {
      await fetchToken();
    },
    async read(): Promise<DirectorySnapshot> {
      const token = await fetchToken();
      const headers = { authorization: `Bearer ${token}` };
      /** Every item of a paged list. */
      const paged = async (path: string, query: Record<string, string | boolean>, each: (item: Record<string, unknown>) => void) => {
        for (let pageToken: string | undefined; ; ) {
          const answer = await client.call(path, { headers, query: { ...query, page_size: PAGE_SIZE, page_token: pageToken } });
          const data = answer.data as Record<string, unknown> | undefined;
          for (const item of listOf(data, 'items', 'Feishu')) each(item);
          const next = data ? text(data, 'page_token') : null;
          if (data?.has_more !== true || !next || next === pageToken) return;
          pageToken = next;
        }
      };
      const root = settings.rootDepartment;
      const depts: SourceDept[] = [];
      await paged(`open-apis/contact/v3/departments/${encodeURIComponent(root)}/children`, { ...ID_TYPES, fetch_child: true }, (d) => {
        const id = text(d, 'open_department_id') ?? text(d, 'department_id');
        const deleted = (d.status as Record<string, unknown> | undefined)?.is_deleted === true;
        if (!id || deleted) return;
        depts.push({
          externalId: id,
          name: text(d, 'name') ?? id,
          parentExternalId: text(d, 'parent_department_id'),
          leaderExternalId: text(d, 'leader_user_id'),
        });
        assertBounded(depts.length);
      });
      // The top departments hang under the root, which is outside the tree read (or, for 0, is the tenant itself).
      const ids = new Set(depts.map((d) => d.externalId));
      for (const d of depts) if (!d.parentExternalId || !ids.has(d.parentExternalId)) d.parentExternalId = null;
      const people = new Map<string, SourcePerson>();
      for (const deptId of [root, ...ids]) {
        await paged('open-apis/contact/v3/users/find_by_department', { ...ID_TYPES, department_id: deptId }, (u) => {
          const userId = text(u, 'user_id') ?? text(u, 'open_id');
          if (!userId || people.has(userId)) return;
          const status = (u.status ?? {}) as Record<string, unknown>;
          const memberOf = Array.isArray(u.department_ids) ? u.department_ids.map(String) : [];
          const name = text(u, 'name');
          people.set(userId, {
            externalId: userId,
            origin: `Feishu user ${userId}`,
            account: userId,
            code: text(u, 'employee_no'),
            name: text(u, 'nickname') ?? name,
            realName: name,
            phone: text(u, 'mobile'),
            email: text(u, 'email') ?? text(u, 'enterprise_email'),
            deptExternalId: memberOf.find((d) => ids.has(d)) ?? (ids.has(deptId) ? deptId : null),
            active: status.is_resigned !== true && status.is_frozen !== true && status.is_exited !== true,
          });
          assertBounded(people.size);
        });
      }
      return { depts, people: [...people.values()] };
    },
  };
}
