import { badRequest, code, say } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { live } from '../../kernel/live-rows.js';
import { generateZip } from './generate.js';
import { readTableColumns } from './table-metadata.js';

/** The columns a copy takes over: every field of the record, the copy named as such. */
const COPIED = [
  'datasourceId',
  'codeName',
  'serviceName',
  'tableName',
  'tablePrefix',
  'pkName',
  'packageName',
  'baseMode',
  'wrapMode',
  'apiPath',
  'webPath',
  'fields',
] as const;

/** Extras of `code`: copy a record, read a table's columns, generate the zip. */
export const codeExtraHandlers = defineExtraHandlers(code, {
  copy: async ({ ctx, caller, repo, query }) => {
    const row = await ctx.db.selectFrom('blade_code').selectAll().where('id', '=', query.id).$call(live()).executeTakeFirst();
    if (!row) throw badRequest(say('recordMissing'));
    const values: Record<string, unknown> = Object.fromEntries(COPIED.map((key) => [key, row[key]]));
    values.codeName = `${row.codeName}-copy`.slice(0, 64);
    await repo.save(caller, values);
    return true;
  },
  tableColumns: async ({ ctx, caller, query }) => {
    return readTableColumns(ctx, caller.tenant_id, query.datasourceId, query.tableName);
  },
  genCode: async ({ ctx, caller, query }) => {
    const system = query.system ?? 'sso';
    const data = await generateZip(ctx, caller.tenant_id, query.ids, system);
    return { filename: `code-${system}.zip`, contentType: 'application/zip', data };
  },
});
