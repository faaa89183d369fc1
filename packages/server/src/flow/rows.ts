import type { FlowTaskRow, ProcessDefinitionRow } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import { dictionaryValues } from '../domain/dictionary-values.js';
import { formatDateTime } from '../kernel/rows.js';

/** A time as the screens show it, "" when there is none. */
export const timeText = (value: Date | string | null | undefined) => (value ? formatDateTime(new Date(value)) : '');

/** `1天2小时3分4秒` (English callers: `1d 2h 3m 4s`), as BladeX writes a step's duration. */
export function durationText(ms: number | null, english: boolean): string {
  if (ms === null) return '';
  const seconds = Math.floor(ms / 1000);
  const parts: [number, string, string][] = [
    [Math.floor(seconds / 86400), '天', 'd'],
    [Math.floor((seconds % 86400) / 3600), '小时', 'h'],
    [Math.floor((seconds % 3600) / 60), '分', 'm'],
    [seconds % 60, '秒', 's'],
  ];
  const shown = parts.filter(([n], i) => n > 0 || i === parts.length - 1);
  return english ? shown.map(([n, , en]) => `${n}${en}`).join(' ') : shown.map(([n, zh]) => `${n}${zh}`).join('');
}

/** Display names of users by id (real name, else nick name, else account), one query. */
export async function userNames(db: Db, ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('blade_user').select(['id', 'realName', 'name', 'account']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.realName || r.name || r.account]));
}

/** The `flow` dictionary's label of a category `flow_<key>`. */
export async function categoryNames(ctx: AppContext, english: boolean): Promise<(category: string) => string> {
  const values = await dictionaryValues(ctx, 'flow', english);
  return (category: string) => values.get(category.replace(/^flow_/, '')) ?? '';
}

export interface DefinitionRowSource {
  id: string;
  tenantId: string;
  key: string;
  name: string;
  description: string | null;
  category: string;
  version: number;
  deploymentId: string;
  resourceName: string;
  suspensionState: number;
  deployTime: Date | string;
}

export function definitionRow(d: DefinitionRowSource, categoryName: (c: string) => string): ProcessDefinitionRow {
  return {
    id: d.id,
    tenantId: d.tenantId,
    key: d.key,
    name: d.name,
    description: d.description ?? '',
    category: d.category,
    categoryName: categoryName(d.category),
    version: Number(d.version),
    deploymentId: String(d.deploymentId),
    resourceName: d.resourceName,
    suspensionState: d.suspensionState === 2 ? 2 : 1,
    deploymentTime: timeText(d.deployTime),
  };
}

/** A task joined with its instance and definition, as the lists read it. */
export interface TaskJoin {
  taskId: string | null;
  taskName: string | null;
  taskKey: string | null;
  assignee: string | null;
  createTime: Date | string | null;
  endTime: Date | string | null;
  claimTime: Date | string | null;
  comment: string | null;
  instanceId: string;
  instanceStatus: string;
  startUser: string;
  businessTable: string | null;
  businessId: string | null;
  definitionId: string;
  definitionKey: string;
  definitionName: string;
  definitionVersion: number;
  category: string;
}

export function taskRow(t: TaskJoin, names: Map<string, string>, categoryName: (c: string) => string): FlowTaskRow {
  return {
    taskId: t.taskId ?? '',
    taskName: t.taskName ?? '',
    taskDefinitionKey: t.taskKey ?? '',
    assignee: t.assignee ?? '',
    assigneeName: t.assignee ? (names.get(t.assignee) ?? '') : '',
    category: t.category,
    categoryName: categoryName(t.category),
    createTime: timeText(t.createTime),
    endTime: timeText(t.endTime),
    claimTime: timeText(t.claimTime),
    executionId: t.instanceId,
    processDefinitionId: t.definitionId,
    processDefinitionKey: t.definitionKey,
    processDefinitionName: t.definitionName,
    processDefinitionVersion: Number(t.definitionVersion),
    processInstanceId: t.instanceId,
    processIsFinished: t.instanceStatus === 'running' ? 'unfinished' : 'finished',
    businessTable: t.businessTable ?? '',
    businessId: t.businessId ?? '',
    startUserId: t.startUser,
    startUser: names.get(t.startUser) ?? '',
    comment: t.comment ?? '',
  };
}

/** Paging as the lists take it: page 1 of 10 unless told. */
export function paging(query: { current?: number; size?: number }) {
  const size = query.size ?? 10;
  const current = query.current ?? 1;
  return { size, current, offset: (current - 1) * size };
}
export const pageAnswer = <T>(records: T[], total: number, size: number, current: number) => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
});
