import type { MatterRow, Page, SsoClient } from '@sso/shared-api';
import { client } from '../api/client.js';

/** The access request calls: any signed-in user makes them; the server checks who acts on what. */
const matters = () => client.workflow.appWorkflowMatter;

export type RequestableRole = Awaited<ReturnType<SsoClient['workflow']['appWorkflowMatter']['roles']>>[number];
type MatterStatus = NonNullable<Parameters<SsoClient['workflow']['appWorkflowMatter']['mine']>[0]>['matterStatus'];
export type NoticeRow = Awaited<ReturnType<SsoClient['desk']['notice']['list']>>['records'][number];

export const accessApi = {
  roles: (appId: string) => matters().roles({ appId }),
  request: (body: { appId: string; appRoleId: string; reason: string; expireTime?: string }) => matters().request(body),
  approve: (id: string, comment?: string) => matters().approve({ id, comment }),
  reject: (id: string, comment: string) => matters().reject({ id, comment }),
  withdraw: (id: string) => matters().withdraw({ id }),
  mine: (current: number, size: number, matterStatus?: MatterStatus) =>
    matters().mine({ current, size, ...(matterStatus ? { matterStatus } : {}) }),
  todo: (current: number, size: number) => matters().todo({ current, size }),
  done: (current: number, size: number) => matters().done({ current, size }),
  // The generic page answers every column of the table: the request's reason, expiry and
  // progress beside the fields an administrator may write.
  all: (current: number, size: number) => matters().page({ current, size }) as Promise<Page<MatterRow>>,
  trail: (id: string) => matters().trail({ id }),
  /** The tenant's latest notices (the bell's second list). */
  notices: (size: number) => client.desk.notice.list({ current: 1, size }),
};
