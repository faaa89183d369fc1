import { badRequest, syncMessages as m, withDetail } from '@sso/shared-api';
import { assertBounded, listOf, type OrgApi, text } from './org-api.js';

/**
 * The department tree under `root` by WeCom's id-only listing: `department/simplelist?id=` answers
 * the root and every department below it as `department_id` rows (`id`, `parentid`, `order`), and
 * `department/get?id=` answers one department's `name`, `name_en` and `department_leader`. WeCom
 * documents this pair for apps (and contact-sync secrets called from addresses added after
 * 2022-08-15) whose `department/list` is refused. Rows are shaped as `department/list` answers
 * them, so the reader treats both alike.
 */
export async function departmentsByIds(client: OrgApi, token: string, root: string): Promise<Record<string, unknown>[]> {
  const listed = listOf(
    await client.call('cgi-bin/department/simplelist', { query: { access_token: token, id: root } }),
    'department_id',
    'WeCom',
  );
  assertBounded(listed.length);
  const departments: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  for (const row of listed) {
    const id = text(row, 'id');
    if (!id || seen.has(id)) continue;
    seen.add(id);
    const answer = await client.call('cgi-bin/department/get', { query: { access_token: token, id } });
    const detail = answer.department;
    // Every id listed must be readable: a department answered without its own record is not understood.
    if (!detail || typeof detail !== 'object' || text(detail as Record<string, unknown>, 'id') !== id) {
      throw badRequest(withDetail(m.say.apiBadAnswer, `WeCom department/get ${id}`));
    }
    departments.push({ ...(detail as Record<string, unknown>), parentid: row.parentid ?? (detail as Record<string, unknown>).parentid });
  }
  return departments;
}
