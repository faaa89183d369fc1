import { badRequest, syncMessages as m, withDetail } from '@sso/shared-api';
import type { DirectoryReader, DirectorySnapshot, SourceDept, SourcePerson } from './directory.js';
import { assertBounded, hintOf, listOf, OrgApi, type OrgApiSettings, text, type Verdict } from './org-api.js';

export const DINGTALK_API_BASE = 'https://oapi.dingtalk.com';

/** DingTalk's refusals for the call rate: errcode 88 or 90018 (and their sub_code), or HTTP 429. */
const RATE_CODES = new Set(['88', '90018', '90002']);

export function dingtalkVerdict(body: Record<string, unknown>, status: number, headers: Headers): Verdict {
  const code = String(body.errcode ?? body.code ?? 0);
  const sub = String(body.sub_code ?? '');
  const message = String(body.errmsg ?? body.message ?? body.sub_msg ?? '');
  if (status === 429 || RATE_CODES.has(code) || RATE_CODES.has(sub)) {
    return {
      ok: false,
      rateLimited: true,
      waitMs: hintOf(headers),
      code: sub ? `${code}/${sub}` : code === '0' ? 'HTTP 429' : code,
      message,
    };
  }
  if (code !== '0') return { ok: false, rateLimited: false, code: sub ? `${code}/${sub}` : code, message };
  if (status >= 400) return { ok: false, rateLimited: false, code: `HTTP ${status}`, message };
  return { ok: true };
}

export interface DingtalkSettings {
  appKey: string;
  secret: string;
  /** The department whose tree is read (1: the whole company). */
  rootDepartment: string;
}

/** topapi/v2/user/list answers at most 100 people a page. */
const PAGE_SIZE = 100;

/**
 * DingTalk (钉钉): `gettoken` with the app's AppKey and AppSecret; `topapi/v2/department/get` for
 * the root, then `topapi/v2/department/listsub` walked down level by level (it answers only the
 * direct children: walking it whole is what brings the full tree); `topapi/v2/user/list` per
 * department, page by page with `cursor` until `has_more` is false. A person flagged `leader` in a
 * department leads it. Keys: `dept_id` and `userid`; `job_number` is the employee number.
 */
export function dingtalkReader(api: Omit<OrgApiSettings, 'verdict' | 'vendor'>, settings: DingtalkSettings): DirectoryReader {
  const client = new OrgApi({ ...api, vendor: 'DingTalk', verdict: dingtalkVerdict });
  const fetchToken = () =>
    client.accessToken('gettoken', { query: { appkey: settings.appKey, appsecret: settings.secret } }, 'access_token');
  return {
    async probe() {
      await fetchToken();
    },
    async read(): Promise<DirectorySnapshot> {
      const token = await fetchToken();
      const post = async (path: string, body: Record<string, unknown>) => {
        const answer = await client.call(path, { query: { access_token: token }, body });
        return answer.result;
      };
      const rootAnswer = (await post('topapi/v2/department/get', { dept_id: Number(settings.rootDepartment), language: 'zh_CN' })) as
        | Record<string, unknown>
        | undefined;
      const depts: SourceDept[] = [
        {
          externalId: settings.rootDepartment,
          name: (rootAnswer && text(rootAnswer, 'name')) ?? settings.rootDepartment,
          parentExternalId: null,
        },
      ];
      const known = new Set([settings.rootDepartment]);
      // Breadth first: each level's children, until a level has none.
      for (let level = [settings.rootDepartment]; level.length; ) {
        const next: string[] = [];
        for (const parent of level) {
          const children = await post('topapi/v2/department/listsub', { dept_id: Number(parent), language: 'zh_CN' });
          if (children !== undefined && !Array.isArray(children)) throw badRequest(withDetail(m.say.apiBadAnswer, `DingTalk listsub`));
          for (const child of (children ?? []) as Record<string, unknown>[]) {
            const id = text(child, 'dept_id');
            if (!id || known.has(id)) continue;
            known.add(id);
            depts.push({ externalId: id, name: text(child, 'name') ?? id, parentExternalId: parent });
            next.push(id);
          }
          assertBounded(depts.length);
        }
        level = next;
      }
      const people = new Map<string, SourcePerson>();
      const leaders = new Map<string, string>();
      for (const dept of depts) {
        for (let cursor = 0; ; ) {
          const page = (await post('topapi/v2/user/list', { dept_id: Number(dept.externalId), cursor, size: PAGE_SIZE })) as
            | Record<string, unknown>
            | undefined;
          for (const u of listOf(page, 'list', 'DingTalk')) {
            const userId = text(u, 'userid');
            if (!userId) continue;
            if (u.leader === true && !leaders.has(dept.externalId)) leaders.set(dept.externalId, userId);
            if (people.has(userId)) continue;
            const name = text(u, 'name');
            people.set(userId, {
              externalId: userId,
              origin: `DingTalk user ${userId}`,
              account: userId,
              code: text(u, 'job_number'),
              name,
              realName: name,
              phone: text(u, 'mobile') ?? text(u, 'telephone'),
              email: text(u, 'email') ?? text(u, 'org_email'),
              deptExternalId: dept.externalId,
              // DingTalk lists only members; `active` false is one who never activated, still a member.
              active: true,
            });
            assertBounded(people.size);
          }
          const next = page?.next_cursor;
          if (page?.has_more !== true || next === undefined || next === null || Number(next) === cursor) break;
          cursor = Number(next);
        }
      }
      for (const dept of depts) dept.leaderExternalId = leaders.get(dept.externalId) ?? null;
      return { depts, people: [...people.values()] };
    },
  };
}
