import { badRequest, syncMessages as m, withDetail } from '@sso/shared-api';
import type { SourcePerson } from './directory.js';
import { assertBounded, listOf, type OrgApi, text } from './org-api.js';
import { wecomPerson } from './wecom-person.js';

/** The most ids `user/list_id` answers in one page (WeCom's documented limit). */
const PAGE_LIMIT = 10_000;

/**
 * Every member in the department tree read, by WeCom's `user/list_id` (POST, paged by
 * `next_cursor`; each member once per department, as `dept_user` rows) and then `user/get` for
 * each member in the tree: a member none of whose departments is in the tree is not read.
 */
export async function peopleByIds(client: OrgApi, token: string, ids: Set<string>): Promise<SourcePerson[]> {
  const departmentsOf = new Map<string, string[]>();
  const cursors = new Set<string>();
  let cursor = '';
  do {
    const answer = await client.call('cgi-bin/user/list_id', {
      method: 'POST',
      query: { access_token: token },
      body: { ...(cursor ? { cursor } : {}), limit: PAGE_LIMIT },
    });
    for (const row of listOf(answer, 'dept_user', 'WeCom')) {
      const userId = text(row, 'userid');
      const department = text(row, 'department');
      if (!userId) continue;
      departmentsOf.set(userId, [...(departmentsOf.get(userId) ?? []), ...(department ? [department] : [])]);
    }
    assertBounded(departmentsOf.size);
    cursor = text(answer, 'next_cursor') ?? '';
    // A cursor answered twice would page forever: the answer is not understood.
    if (cursor && cursors.has(cursor)) throw badRequest(withDetail(m.say.apiBadAnswer, `WeCom next_cursor`));
    cursors.add(cursor);
  } while (cursor);
  const people: SourcePerson[] = [];
  for (const [userId, departments] of departmentsOf) {
    const inTree = departments.find((d) => ids.has(d));
    if (!inTree) continue;
    const answer = await client.call('cgi-bin/user/get', { query: { access_token: token, userid: userId } });
    people.push(wecomPerson(answer, userId, ids, inTree));
  }
  return people;
}
