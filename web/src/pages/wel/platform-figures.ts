import { registry } from '@sso/shared-api';
import { client } from '../../api/client.js';

/** A figure of the console and the registry permission (menu code) a user needs to see it. */
interface FigureSource {
  key: 'users' | 'depts' | 'roles' | 'clients' | 'tenants' | 'notices';
  permission: string;
  load: () => Promise<number>;
}

type Node = { children?: readonly Node[] | null };
/** Nodes of a tree answer, at every depth. */
export const countNodes = (nodes: readonly Node[]): number => nodes.reduce((sum, node) => sum + 1 + countNodes(node.children ?? []), 0);

/** The counts come from the same list calls the screens make: a page of 10 carries the total. */
export const figureSources: FigureSource[] = [
  { key: 'users', permission: registry.user.user.permission, load: () => client.user.user.list({ size: 10 }).then((p) => p.total) },
  { key: 'depts', permission: registry.system.dept.permission, load: () => client.system.dept.tree().then(countNodes) },
  { key: 'roles', permission: registry.system.role.permission, load: () => client.system.role.list().then(countNodes) },
  {
    key: 'clients',
    permission: registry.system.client.permission,
    load: () => client.system.client.list({ size: 10 }).then((p) => p.total),
  },
  {
    key: 'tenants',
    permission: registry.system.tenant.permission,
    load: () => client.system.tenant.list({ size: 10 }).then((p) => p.total),
  },
  { key: 'notices', permission: registry.desk.notice.permission, load: () => client.desk.notice.list({ size: 10 }).then((p) => p.total) },
];

const pad = (n: number) => String(n).padStart(2, '0');
/** Midnight of the day of `now`, as the list filters take it (server local time). */
export const startOfDay = (now: Date) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} 00:00:00`;

export interface SignIns {
  total: number;
  failed: number;
  /** Per hour 0–23: successful and failed attempts (of the newest 200). */
  hours: { ok: number[]; failed: number[] };
}

/** Today's sign-in attempts from the login log (createTime after midnight). */
export async function loadSignIns(now = new Date()): Promise<SignIns> {
  const since = { createTime_dategt: startOfDay(now) };
  const [all, failed] = await Promise.all([
    client.log.login.list({ ...since, size: 200 }),
    client.log.login.list({ ...since, success: 0, size: 10 }),
  ]);
  const hours = { ok: Array<number>(24).fill(0), failed: Array<number>(24).fill(0) };
  for (const row of all.records) {
    const hour = Number(String(row.createTime ?? '').slice(11, 13));
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) continue;
    if (Number(row.success) === 1) hours.ok[hour]++;
    else hours.failed[hour]++;
  }
  return { total: all.total, failed: failed.total, hours };
}

export interface NoticeLine {
  id: string;
  title: string;
  category: string;
  releaseTime: string;
}

/** The five newest notices by release time. */
export async function loadRecentNotices(): Promise<NoticeLine[]> {
  const page = await client.desk.notice.list({ size: 10, descs: 'releaseTime' });
  return page.records.slice(0, 5).map((row) => ({
    id: String(row.id),
    title: String(row.title ?? ''),
    category: String(row.category ?? ''),
    releaseTime: String(row.releaseTime ?? ''),
  }));
}
