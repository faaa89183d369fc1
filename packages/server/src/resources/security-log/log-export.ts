import { EXPORT_DIGEST_HEADER, EXPORT_SIGNATURE_HEADER, type ExportedLog, type logExportQuery, registry } from '@sso/shared-api';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type SheetLayout, writeSheet } from '../../domain/excel-sheet.js';
import { type FileDownload, XLSX_TYPE } from '../../engine/multipart.js';
import { formatDateTime } from '../../kernel/rows.js';
import { signExport } from './signed-export.js';

/** The newest records an export carries: an assessor's sample, not a backup. */
const MAX_EXPORT = 10_000;

const DEFINITIONS = { usual: registry.log.usual, api: registry.log.api, error: registry.log.error, login: registry.log.login } as const;

const text = (value: unknown) =>
  value === null || value === undefined ? '' : value instanceof Date ? formatDateTime(value) : String(value);

/**
 * A log of the tenant as an xlsx file with the columns of its screen (and the record id, to find
 * it in the chain of security records), newest first, signed (signed-export.ts).
 */
export async function exportLog(ctx: AppContext, tenantId: string, query: z.infer<typeof logExportQuery>): Promise<FileDownload> {
  const def = DEFINITIONS[query.log as ExportedLog];
  const columns = [{ prop: 'id', label: ['编号', 'Id'] as const }, ...def.view.columns];
  const layout: SheetLayout<string> = {
    sheet: def.view.title[1],
    columns: columns.map((column) => ({ key: column.prop, label: column.label, width: column.prop === 'id' ? 22 : 24 })),
    required: [],
  };
  let rows = ctx.db
    .selectFrom(def.table as 'blade_log_usual')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .orderBy('id', 'desc')
    .limit(MAX_EXPORT);
  if (query.from) rows = rows.where('createTime', '>=', new Date(`${query.from}T00:00:00`));
  if (query.to) rows = rows.where('createTime', '<', new Date(new Date(`${query.to}T00:00:00`).getTime() + 24 * 3600 * 1000));
  const records = (await rows.execute()) as Record<string, unknown>[];
  const data = await writeSheet(
    layout,
    records.map((record) => Object.fromEntries(columns.map((column) => [column.prop, text(record[column.prop])]))),
  );
  const signed = await signExport(ctx, data);
  return {
    filename: `${query.log}-log-${tenantId}.xlsx`,
    contentType: XLSX_TYPE,
    data,
    headers: { [EXPORT_DIGEST_HEADER]: signed.digest, [EXPORT_SIGNATURE_HEADER]: signed.signature },
  };
}
