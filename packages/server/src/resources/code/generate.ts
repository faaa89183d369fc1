import * as contract from '@sso/shared-api';
import { allResources, badRequest, type CodeField, defineMessagePattern, defineMessages, withDetail } from '@sso/shared-api';
import { zipSync } from 'fflate';
import type { AppContext } from '../../context.js';
import { migrations } from '../../db/migrations/index.js';
import { live } from '../../kernel/live-rows.js';
import { buildModel, type CodeRecord, type GenModel } from './model.js';
import { type GeneratedFile, saberFiles, ssoFiles } from './render.js';
import { readTableColumns } from './table-metadata.js';

const m = defineMessages('codeGenerate', {
  clash: ['生成的资源与平台已有的资源或菜单重名', 'The generated resource has the name of a resource or menu the platform has'],
  sameName: ['所选记录会生成同名的资源', 'The chosen records would generate resources of the same name'],
  noFields: ['该表除主键与基础字段外没有可生成的列', 'The table has no column to generate besides its key and base columns'],
});
defineMessagePattern(
  /^生成的资源与平台已有的资源或菜单重名: (.+)$/,
  'The generated resource has the name of a resource or menu the platform has: $1',
);

/**
 * Names a generated resource must not take: an export of the contract (a definition or its
 * messages), a base path or table of the registry, or a menu code the platform already has.
 */
async function assertNewName(ctx: AppContext, model: GenModel): Promise<void> {
  const taken =
    model.ident in contract ||
    `${model.ident}Messages` in contract ||
    allResources.some((def) => def.basePath === model.basePath || def.table === model.table || def.permission === model.permission);
  const menu = await ctx.db.selectFrom('blade_menu').select('id').where('code', '=', model.permission).$call(live()).executeTakeFirst();
  if (taken || menu) throw badRequest(withDetail(m.say.clash, model.permission));
}

/** The next migration version after the server's own (the generated one is listed after them). */
const nextMigration = () => Math.max(...migrations.map((migration) => migration.version)) + 1;

/**
 * The zip of the records' generated code, built in memory: `sso` gives a resource of this
 * platform per record, `saber` Saber's page and API module. Each record's table is read from its
 * data source now, through the outbound guard of the caller's tenant.
 */
export async function generateZip(ctx: AppContext, tenantId: string, ids: string[], system: 'sso' | 'saber'): Promise<Uint8Array> {
  const rows = await ctx.db.selectFrom('blade_code').selectAll().where('id', 'in', ids).$call(live()).orderBy('id').execute();
  if (rows.length !== ids.length) throw badRequest(contract.say('recordMissing'));
  const files: GeneratedFile[] = [];
  const names = new Set<string>();
  let version = nextMigration();
  for (const row of rows) {
    const record: CodeRecord = { ...row, fields: (row.fields as CodeField[] | null) ?? null };
    const columns = await readTableColumns(ctx, tenantId, row.datasourceId, row.tableName);
    const model = buildModel(record, columns, version++);
    if (!model.fields.length) throw badRequest(m.say.noFields);
    if (names.has(model.name)) throw badRequest(m.say.sameName);
    names.add(model.name);
    if (system === 'sso') {
      await assertNewName(ctx, model);
      files.push(...ssoFiles(model, row.tableName));
    } else files.push(...saberFiles(model));
  }
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) entries[file.path] = new TextEncoder().encode(file.text);
  return zipSync(entries, { level: 6 });
}
