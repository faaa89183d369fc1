import type { MatterLogRow, MatterRow, Page } from '@sso/shared-api';
import { client } from '../api/client.js';

/** The access request calls: any signed-in user makes them; the server checks who acts on what. */
const base = '/api/blade-abs/appworkflowmatter';

export interface RequestableRole {
  id: string;
  roleName: string;
  roleAlias: string;
  held: boolean;
  pending: boolean;
}

export interface NoticeRow {
  id: string;
  title: string;
  categoryName: string;
  releaseTime: string;
  content: string;
}

export const accessApi = {
  roles: (appId: string) => client.call<RequestableRole[]>('GET', `${base}/roles`, { appId }),
  request: (body: { appId: string; appRoleId: string; reason: string; expireTime?: string }) =>
    client.call<MatterRow>('POST', `${base}/request`, undefined, body),
  approve: (id: string, comment?: string) => client.call<MatterRow>('POST', `${base}/approve`, undefined, { id, comment }),
  reject: (id: string, comment: string) => client.call<MatterRow>('POST', `${base}/reject`, undefined, { id, comment }),
  withdraw: (id: string) => client.call<MatterRow>('POST', `${base}/withdraw`, undefined, { id }),
  mine: (current: number, size: number, matterStatus?: string) =>
    client.call<Page<MatterRow>>('GET', `${base}/my-page`, { current, size, ...(matterStatus ? { matterStatus } : {}) }),
  todo: (current: number, size: number) => client.call<Page<MatterRow>>('GET', `${base}/todo-page`, { current, size }),
  done: (current: number, size: number) => client.call<Page<MatterRow>>('GET', `${base}/done-page`, { current, size }),
  all: (current: number, size: number) => client.call<Page<MatterRow>>('GET', `${base}/page`, { current, size }),
  trail: (id: string) => client.call<MatterLogRow[]>('GET', `${base}/trail`, { id }),
  /** The tenant's latest notices (the bell's second list). */
  notices: (size: number) => client.call<Page<NoticeRow>>('GET', '/api/blade-desk/notice/list', { current: 1, size }),
};
