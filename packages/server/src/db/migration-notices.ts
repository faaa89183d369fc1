/**
 * Something a migration found that an operator must hear about (it still applied): written to
 * the process log and the usual log once the server is up.
 */
export interface MigrationNotice {
  /** The usual log's log id, e.g. `account-clash`. */
  id: string;
  message: string;
  data: Record<string, unknown>;
}

export type Notify = (notice: MigrationNotice) => void;

/** Where the notices go: the process log and the usual log (the AppContext app.ts hands in). */
interface NoticeLogs {
  log?: { warn(data: Record<string, unknown>, message: string): void };
  logs: { usual(level: string, id: string, data: unknown): void };
}

/** Reports what the migrations of this start noticed: a warning each, in both logs. */
export function reportMigrationNotices(ctx: NoticeLogs, notices: readonly MigrationNotice[]): void {
  for (const notice of notices) {
    ctx.log?.warn({ migrationNotice: notice.id, ...notice.data }, notice.message);
    ctx.logs.usual('warn', notice.id, { message: notice.message, ...notice.data });
  }
}
