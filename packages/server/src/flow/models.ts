import { badRequest, type ModelDetail, type ModelRow, flowMessages as m } from '@sso/shared-api';
import type { AppContext } from '../context.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { checkBpmn } from './bpmn-check.js';
import { checkCategory } from './deployments.js';
import { categoryNames, pageAnswer, paging, timeText } from './rows.js';
import { containing } from './work-lists.js';

/**
 * Process models of a tenant: the BPMN XML the designer edits. Every save is checked as a
 * deployment would be (a model the engine cannot run is never stored) and raises the version.
 */
const COLUMNS = ['id', 'tenantId', 'modelKey', 'name', 'description', 'category', 'version', 'createTime', 'updateTime'] as const;

type ModelSource = { [K in (typeof COLUMNS)[number]]: unknown };

function modelRow(r: ModelSource, categoryName: (c: string) => string): ModelRow {
  const category = String(r.category ?? '');
  return {
    id: String(r.id),
    tenantId: String(r.tenantId),
    modelKey: String(r.modelKey),
    name: String(r.name),
    description: String(r.description ?? ''),
    category,
    categoryName: category ? categoryName(category) : '',
    version: Number(r.version),
    created: timeText(r.createTime as Date),
    lastUpdated: timeText(r.updateTime as Date),
  };
}

export async function listModels(
  ctx: AppContext,
  caller: Caller,
  filter: { current?: number; size?: number; modelKey?: string; name?: string },
  english: boolean,
) {
  let query = ctx.db.selectFrom('blade_flow_model').$call(live(caller.tenant_id));
  if (filter.modelKey) query = query.where('modelKey', 'ilike', containing(filter.modelKey));
  if (filter.name) query = query.where('name', 'ilike', containing(filter.name));
  const { size, current, offset } = paging(filter);
  const [{ n }] = await query.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = await query.select(COLUMNS).orderBy('updateTime', 'desc').orderBy('id', 'desc').limit(size).offset(offset).execute();
  const categoryName = await categoryNames(ctx, english);
  return pageAnswer(
    rows.map((r) => modelRow(r, categoryName)),
    Number(n),
    size,
    current,
  );
}

export async function modelDetail(ctx: AppContext, caller: Caller, id: string, english: boolean): Promise<ModelDetail> {
  const row = await ctx.db
    .selectFrom('blade_flow_model')
    .select([...COLUMNS, 'xml'])
    .where('id', '=', id)
    .$call(live(caller.tenant_id))
    .executeTakeFirst();
  if (!row) throw badRequest(m.say.modelMissing);
  return { ...modelRow(row, await categoryNames(ctx, english)), xml: row.xml };
}

export interface ModelSave {
  id?: string;
  modelKey?: string;
  name?: string;
  description?: string | null;
  category?: string;
  xml: string;
}

/** Creates or updates a model; the key is the process id in the XML, the name defaults to the process name. */
export async function saveModel(ctx: AppContext, caller: Caller, save: ModelSave, english: boolean): Promise<ModelDetail> {
  const process = await checkBpmn(save.xml);
  if (save.modelKey && save.modelKey !== process.key) throw badRequest(m.say.modelKeyMismatch);
  if (save.category) await checkCategory(ctx, save.category);
  const now = new Date();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('blade_flow_model')
      .select('id')
      .where('modelKey', '=', process.key)
      .$call(live(caller.tenant_id))
      .executeTakeFirst();
    if (taken && taken.id !== save.id) throw badRequest(m.say.modelKeyTaken);
    const fields = {
      modelKey: process.key,
      name: save.name ?? process.name,
      description: save.description ?? process.description,
      xml: save.xml,
      updateUser: caller.user_id,
      updateTime: now,
      ...(save.category ? { category: save.category } : {}),
    };
    if (save.id) {
      const updated = await trx
        .updateTable('blade_flow_model')
        .set((eb) => ({ ...fields, version: eb('version', '+', 1) }))
        .where('id', '=', save.id)
        .where('tenantId', '=', caller.tenant_id)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw badRequest(m.say.modelMissing);
      return save.id;
    }
    const newId = ctx.ids.next();
    await trx
      .insertInto('blade_flow_model')
      .values({ id: newId, tenantId: caller.tenant_id, createUser: caller.user_id, createTime: now, version: 1, ...fields })
      .execute();
    return newId;
  });
  return modelDetail(ctx, caller, id, english);
}

export async function removeModels(ctx: AppContext, caller: Caller, ids: string[]): Promise<void> {
  await ctx.db
    .updateTable('blade_flow_model')
    .set({ isDeleted: 1, updateUser: caller.user_id, updateTime: new Date() })
    .where('id', 'in', ids)
    .where('tenantId', '=', caller.tenant_id)
    .execute();
}

/** The model's XML as a deployment file (its key as the resource name). */
export async function modelForDeploy(ctx: AppContext, caller: Caller, id: string) {
  const row = await ctx.db
    .selectFrom('blade_flow_model')
    .select(['modelKey', 'xml'])
    .where('id', '=', id)
    .$call(live(caller.tenant_id))
    .executeTakeFirst();
  if (!row) throw badRequest(m.say.modelMissing);
  return { name: `${row.modelKey}.bpmn20.xml`, xml: row.xml };
}
