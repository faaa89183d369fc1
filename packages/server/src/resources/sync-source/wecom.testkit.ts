import { randomBytes } from 'node:crypto';
import { encryptMessage, signatureOf, wechatXml } from '../../wechat/callback-crypto.js';
import { type OrgDept, type OrgFake, type OrgPerson, startOrgFake } from './org-fake.testkit.js';

/**
 * WeCom's contact API as documented: gettoken, department/list (the whole subtree), user/list per
 * department, user/list_id (POST, every member once per department, paged by cursor: here pages of
 * at most 5 whatever the limit asked, so that paging is exercised), user/get, and the id-only
 * department listing department/simplelist with department/get per id.
 */
export const WECOM = { corpId: 'ww0123456789abcdef', secret: 'wecom-contact-secret', token: 'wecom-access-token' };

const wecomUser = (p: OrgPerson) => ({
  userid: p.id,
  name: p.name,
  department: [Number(p.dept)],
  main_department: Number(p.dept),
  mobile: p.mobile,
  email: p.email,
  status: p.active ? 1 : 5,
});

export function startWecom(org: { depts: OrgDept[]; people: OrgPerson[] }): Promise<OrgFake> {
  const below = (id: string): OrgDept[] => {
    const self = org.depts.filter((d) => d.id === id);
    return [...self, ...org.depts.filter((d) => d.parent === id).flatMap((d) => below(d.id))];
  };
  return startOrgFake(
    ({ method, path, query, body }) => {
      if (path === '/cgi-bin/gettoken') {
        if (query.get('corpid') !== WECOM.corpId || query.get('corpsecret') !== WECOM.secret) {
          return { body: { errcode: 40001, errmsg: 'invalid credential' } };
        }
        return { body: { errcode: 0, errmsg: 'ok', access_token: WECOM.token, expires_in: 7200 } };
      }
      if (query.get('access_token') !== WECOM.token) return { body: { errcode: 40014, errmsg: 'invalid access_token' } };
      if (path === '/cgi-bin/department/list') {
        const department = below(query.get('id') ?? '1').map((d, order) => ({
          id: Number(d.id),
          name: d.name,
          name_en: '',
          parentid: d.parent ? Number(d.parent) : 0,
          order,
          department_leader: d.leader ? [d.leader] : [],
        }));
        return { body: { errcode: 0, errmsg: 'ok', department } };
      }
      if (path === '/cgi-bin/department/simplelist') {
        const department_id = below(query.get('id') ?? '1').map((d, order) => ({
          id: Number(d.id),
          parentid: d.parent ? Number(d.parent) : 0,
          order,
        }));
        return { body: { errcode: 0, errmsg: 'ok', department_id } };
      }
      if (path === '/cgi-bin/department/get') {
        const d = org.depts.find((dept) => dept.id === query.get('id'));
        if (!d) return { body: { errcode: 60003, errmsg: 'department not found' } };
        const department = {
          id: Number(d.id),
          name: d.name,
          name_en: '',
          parentid: d.parent ? Number(d.parent) : 0,
          order: 0,
          department_leader: d.leader ? [d.leader] : [],
        };
        return { body: { errcode: 0, errmsg: 'ok', department } };
      }
      if (path === '/cgi-bin/user/list') {
        const deptId = query.get('department_id');
        const userlist = org.people.filter((p) => p.dept === deptId).map(wecomUser);
        return { body: { errcode: 0, errmsg: 'ok', userlist } };
      }
      if (path === '/cgi-bin/user/list_id' && method === 'POST') {
        const rows = org.people.map((p) => ({ userid: p.id, department: Number(p.dept) }));
        const from = Number(body.cursor ?? 0);
        if (!Number.isInteger(from) || from < 0) return { body: { errcode: 40058, errmsg: 'invalid cursor' } };
        const limit = Math.min(Number(body.limit ?? 10_000), 5);
        const next = from + limit < rows.length ? String(from + limit) : '';
        return { body: { errcode: 0, errmsg: 'ok', next_cursor: next, dept_user: rows.slice(from, from + limit) } };
      }
      if (path === '/cgi-bin/user/get') {
        const p = org.people.find((person) => person.id === query.get('userid'));
        if (!p) return { body: { errcode: 60111, errmsg: 'userid not found' } };
        return { body: { errcode: 0, errmsg: 'ok', ...wecomUser(p) } };
      }
      return { status: 404, body: { errcode: 404, errmsg: 'not found' } };
    },
    () => ({ body: { errcode: 45009, errmsg: 'api freq out of limit' } }),
  );
}

/** A change callback as WeCom sends it: the event XML encrypted for the CorpID, signed with the token. */
export function wecomCallback(token: string, aesKey: string, corpId: string, event: Record<string, string>) {
  const encrypted = encryptMessage(aesKey, wechatXml(event), corpId);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(6).toString('hex');
  return {
    query: { msg_signature: signatureOf(token, timestamp, nonce, encrypted), timestamp, nonce },
    body: wechatXml({ ToUserName: corpId, AgentID: '1000002', Encrypt: encrypted }),
  };
}
