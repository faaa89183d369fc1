import { randomBytes } from 'node:crypto';
import { encryptMessage, signatureOf } from '../../wechat/callback-crypto.js';
import { type FakeRequest, type OrgDept, type OrgFake, type OrgPerson, startOrgFake } from './org-fake.testkit.js';

/**
 * DingTalk's server API as documented: gettoken; topapi/v2/department/get and listsub (direct
 * children only); topapi/v2/user/list paged with cursor, two people a page here so that every
 * department with more than two people takes several pages. A call refused for its rate answers
 * HTTP 429 with Retry-After 0 for listsub, errcode 88 / sub_code 90018 otherwise.
 */
export const DINGTALK = { appKey: 'dingappkey0123456789', secret: 'dingtalk-app-secret', token: 'dingtalk-access-token' };
const PAGE = 2;

export function startDingtalk(org: { depts: OrgDept[]; people: OrgPerson[] }): Promise<OrgFake> {
  const ok = (result: unknown) => ({ body: { errcode: 0, errmsg: 'ok', result, request_id: 'req' } });
  return startOrgFake(
    ({ path, query, body }: FakeRequest) => {
      if (path === '/gettoken') {
        if (query.get('appkey') !== DINGTALK.appKey || query.get('appsecret') !== DINGTALK.secret) {
          return { body: { errcode: 40089, errmsg: '不合法的corpid或corpsecret' } };
        }
        return { body: { errcode: 0, errmsg: 'ok', access_token: DINGTALK.token, expires_in: 7200 } };
      }
      if (query.get('access_token') !== DINGTALK.token) return { body: { errcode: 40014, errmsg: '不合法的access_token' } };
      const deptId = String(body.dept_id);
      if (path === '/topapi/v2/department/get') {
        const dept = org.depts.find((d) => d.id === deptId);
        if (!dept) return { body: { errcode: 60003, errmsg: '部门不存在' } };
        return ok({ dept_id: Number(dept.id), name: dept.name, parent_id: dept.parent ? Number(dept.parent) : 0 });
      }
      if (path === '/topapi/v2/department/listsub') {
        return ok(
          org.depts
            .filter((d) => d.parent === deptId)
            .map((d) => ({
              dept_id: Number(d.id),
              name: d.name,
              parent_id: Number(deptId),
              create_dept_group: false,
              auto_add_user: false,
            })),
        );
      }
      if (path === '/topapi/v2/user/list') {
        const cursor = Number(body.cursor ?? 0);
        const size = Math.min(Number(body.size ?? 10), PAGE);
        const members = org.people.filter((p) => p.dept === deptId && p.active);
        const list = members.slice(cursor, cursor + size).map((p) => ({
          userid: p.id,
          name: p.name,
          mobile: p.mobile,
          email: p.email,
          job_number: p.code,
          dept_id_list: [Number(p.dept)],
          leader: org.depts.find((d) => d.id === deptId)?.leader === p.id,
          active: true,
        }));
        const more = cursor + size < members.length;
        return ok({ has_more: more, ...(more ? { next_cursor: cursor + size } : {}), list });
      }
      return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
    },
    ({ path }) =>
      path === '/topapi/v2/department/listsub'
        ? { status: 429, headers: { 'retry-after': '0' }, body: { errcode: 90018, errmsg: '当前企业正在调用此接口的QPS已达到上限' } }
        : { body: { errcode: 88, sub_code: '90018', errmsg: 'QPS exceeded' } },
  );
}

/** A change event as DingTalk posts it: `{"encrypt"}` signed over token, timestamp (ms), nonce and the cipher text. */
export function dingtalkCallback(token: string, aesKey: string, appKey: string, event: Record<string, unknown>, older = false) {
  const encrypt = encryptMessage(aesKey, JSON.stringify(event), appKey);
  const timestamp = String(Date.now());
  const nonce = randomBytes(6).toString('hex');
  const signature = signatureOf(token, timestamp, nonce, encrypt);
  // Older apps are called back with msg_signature and timeStamp.
  const query: Record<string, string> = older ? { msg_signature: signature, timeStamp: timestamp, nonce } : { signature, timestamp, nonce };
  return { query, body: JSON.stringify({ encrypt }) };
}
