import type { AppContext } from '../../context.js';
import { formatDateTime } from '../../kernel/rows.js';

/**
 * 三员分立: who audits the auditor. The audit administrator's reads of logs are security events
 * (`log.read`, logs/log-reads.ts) in the usual log, a screen the security administrator may not
 * hold under the compliance profile (it combines with granting). This answers those events only,
 * newest first, to the holders of the user or role screens (the system and security administrators)
 * as to the usual log's readers.
 */
export async function auditorReads(ctx: AppContext, tenantId: string, limit: number) {
  const rows = await ctx.db
    .selectFrom('blade_log_usual')
    .select(['id', 'createTime', 'createBy', 'logData', 'remoteIp'])
    .where('tenantId', '=', tenantId)
    .where('logLevel', '=', 'security')
    .where('logId', '=', 'log.read')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    let path = '';
    try {
      path = String((JSON.parse(row.logData ?? '{}') as { target?: { name?: string } }).target?.name ?? '');
    } catch {
      // A record that is no JSON names no path.
    }
    return {
      id: String(row.id),
      createTime: row.createTime ? formatDateTime(row.createTime) : '',
      account: row.createBy ?? '',
      path,
      remoteIp: row.remoteIp ?? '',
    };
  });
}
