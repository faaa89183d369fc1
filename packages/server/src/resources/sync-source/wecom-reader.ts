import type { DirectoryReader, DirectorySnapshot, SourceDept, SourcePerson } from './directory.js';
import { assertBounded, listOf, OrgApi, type OrgApiSettings, text, type Verdict } from './org-api.js';
import { departmentsByIds } from './wecom-dept-ids.js';
import { wecomPerson } from './wecom-person.js';
import { peopleByIds } from './wecom-user-ids.js';

export const WECOM_API_BASE = 'https://qyapi.weixin.qq.com';

/** WeCom's refusals for the call rate: 45009 (the API's frequency), 45033 (concurrent calls), 45011 (the app's frequency). */
const RATE_CODES = new Set([45009, 45011, 45033]);

export function wecomVerdict(body: Record<string, unknown>, status: number): Verdict {
  const code = Number(body.errcode ?? 0);
  if (status === 429 || RATE_CODES.has(code))
    return { ok: false, rateLimited: true, code: String(code || status), message: String(body.errmsg ?? '') };
  if (code !== 0) return { ok: false, rateLimited: false, code: String(code), message: String(body.errmsg ?? '') };
  if (status >= 400) return { ok: false, rateLimited: false, code: `HTTP ${status}`, message: '' };
  return { ok: true };
}

export interface WecomSettings {
  corpId: string;
  secret: string;
  /** The department whose tree is read (1: the whole company). */
  rootDepartment: string;
  /**
   * How people are listed: `department` (the default) calls `user/list` per department; `ids`
   * lists every member's id with `user/list_id` and reads each with `user/get`, as WeCom requires
   * of the contact-sync secret called from an address added after 2022-08-15 (`user/list` refused).
   */
  listing?: 'department' | 'ids';
  /**
   * How departments are listed: `list` (the default) by `department/list`; `ids` by
   * `department/simplelist` and `department/get` per department (wecom-dept-ids.ts), for apps whose
   * `department/list` is refused.
   */
  departmentListing?: 'list' | 'ids';
}

/**
 * WeCom (企业微信): `cgi-bin/gettoken` with the CorpID and the app's secret; `department/list`
 * answers the root department and every department below it, each with `parentid` and its
 * `department_leader` user ids; `user/list` per department answers its members (a person in
 * several departments is taken once, in `main_department`), or with `listing: 'ids'`
 * `user/list_id` and `user/get` do (wecom-user-ids.ts); with `departmentListing: 'ids'` the tree
 * comes from `department/simplelist` and `department/get` (wecom-dept-ids.ts). Keys: the department
 * id, the userid.
 */
export function wecomReader(api: Omit<OrgApiSettings, 'verdict' | 'vendor'>, settings: WecomSettings): DirectoryReader {
  const client = new OrgApi({ ...api, vendor: 'WeCom', verdict: wecomVerdict });
  const fetchToken = () =>
    client.accessToken('cgi-bin/gettoken', { query: { corpid: settings.corpId, corpsecret: settings.secret } }, 'access_token');
  return {
    async probe() {
      await fetchToken();
    },
    async read(): Promise<DirectorySnapshot> {
      const token = await fetchToken();
      const listed =
        settings.departmentListing === 'ids'
          ? await departmentsByIds(client, token, settings.rootDepartment)
          : listOf(
              await client.call('cgi-bin/department/list', { query: { access_token: token, id: settings.rootDepartment } }),
              'department',
              'WeCom',
            );
      assertBounded(listed.length);
      const ids = new Set(listed.map((d) => text(d, 'id')).filter((id): id is string => Boolean(id)));
      const depts: SourceDept[] = [];
      for (const d of listed) {
        const id = text(d, 'id');
        if (!id) continue;
        const parent = text(d, 'parentid');
        const leaders = Array.isArray(d.department_leader) ? d.department_leader.map(String) : [];
        depts.push({
          externalId: id,
          name: text(d, 'name') ?? text(d, 'name_en') ?? id,
          // The root's parent is outside the tree read: it hangs where the mapping's rootDeptId says.
          parentExternalId: parent && ids.has(parent) && id !== settings.rootDepartment ? parent : null,
          leaderExternalId: leaders[0] ?? null,
        });
      }
      if (settings.listing === 'ids') return { depts, people: await peopleByIds(client, token, ids) };
      const people = new Map<string, SourcePerson>();
      for (const dept of depts) {
        const answer = await client.call('cgi-bin/user/list', { query: { access_token: token, department_id: dept.externalId } });
        for (const u of listOf(answer, 'userlist', 'WeCom')) {
          const userId = text(u, 'userid');
          if (!userId || people.has(userId)) continue;
          people.set(userId, wecomPerson(u, userId, ids, dept.externalId));
          assertBounded(people.size);
        }
      }
      return { depts, people: [...people.values()] };
    },
  };
}
