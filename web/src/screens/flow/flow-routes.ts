/** An entry of the `flow` dictionary: its key and, in its remark, the route of its forms (`leave`). */
export interface FlowDictEntry {
  dictKey: string | number;
  remark?: string | null;
}

/**
 * The route of each process category, as Saber's flowRoutes: category `flow_<dictKey>` → the
 * entry's remark (`leave`; forms at `/work/process/leave/…`). A remark of an older seed,
 * `process/leave`, names the same route. Entries without a remark, or with one that is not a plain
 * relative path, have no forms in the web.
 */
export function flowRoutes(entries: readonly FlowDictEntry[]): Map<string, string> {
  const routes = new Map<string, string>();
  for (const entry of entries) {
    const route = (entry.remark ?? '')
      .trim()
      .replace(/^\/+|\/+$/g, '')
      .replace(/^process\//, '');
    if (route && /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(route)) routes.set(`flow_${entry.dictKey}`, route);
  }
  return routes;
}

const part = (value: string) => encodeURIComponent(value);

/** Where a process of this route is applied for (the form of a definition). */
export const formPath = (route: string, processDefinitionId: string) => `/work/process/${route}/form/${part(processDefinitionId)}`;

/** Where a task of this route is handled (approve, reject, resubmit). */
export const handlePath = (route: string, row: { taskId: string; processInstanceId: string; businessId: string }) =>
  `/work/process/${route}/handle/${part(row.taskId)}/${part(row.processInstanceId)}/${part(row.businessId)}`;

/** Where an instance of this route is read (its request, history and diagram). */
export const detailPath = (route: string, row: { processInstanceId: string; businessId: string }) =>
  `/work/process/${route}/detail/${part(row.processInstanceId)}/${part(row.businessId)}`;

/**
 * The days a leave takes, counted as people count them: each calendar day from the start's to the
 * end's, less half a day when it starts in the afternoon (12:00 or later) and half a day when it
 * ends by noon; 0 when the end is not after the start.
 */
export function leaveDays(start: Date, end: Date): number {
  if (!(end.getTime() > start.getTime())) return 0;
  const day = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000;
  let days = day(end) - day(start) + 1;
  if (start.getHours() >= 12) days -= 0.5;
  if (end.getHours() < 12 || (end.getHours() === 12 && end.getMinutes() === 0)) days -= 0.5;
  return Math.max(days, 0.5);
}
