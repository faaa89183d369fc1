import { badRequest, DEFAULT_TENANT_ID, forbidden, flowMessages as m, type ProcessDefinitionRow } from '@sso/shared-api';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import type { Caller } from '../kernel/caller.js';
import { live } from '../kernel/live-rows.js';
import { type CheckedProcess, checkBpmn } from './bpmn-check.js';
import { categoryNames, definitionRow, pageAnswer, paging } from './rows.js';
import { containing } from './work-lists.js';

/** The platform tenant deploys common processes ('' — every tenant may start them) and for other tenants. */
const isPlatform = (caller: Caller) => caller.tenant_id === DEFAULT_TENANT_ID;

/** Whether the caller may change definitions of this tenant ('' for common ones). */
export const mayManage = (caller: Caller, tenantId: string) => tenantId === caller.tenant_id || isPlatform(caller);

/** A category is `flow_` and a key of the `flow` dictionary. */
export async function checkCategory(ctx: AppContext, category: string): Promise<void> {
  const names = await categoryNames(ctx, false);
  if (!names(category)) throw badRequest(m.say.categoryUnknown);
}

/**
 * The tenants a deployment is for: the platform tenant names them (none: a common process);
 * any other tenant deploys for itself only.
 */
async function targetTenants(db: Db, caller: Caller, tenantIds: string[]): Promise<string[]> {
  if (!isPlatform(caller)) {
    if (tenantIds.some((t) => t !== caller.tenant_id)) throw forbidden(m.say.tenantNotAllowed);
    return [caller.tenant_id];
  }
  if (!tenantIds.length) return [''];
  const found = await db.selectFrom('blade_tenant').select('tenantId').where('tenantId', 'in', tenantIds).$call(live()).execute();
  if (found.length !== tenantIds.length) throw badRequest(m.say.tenantUnknown);
  return tenantIds;
}

export interface DeployFile {
  /** The resource name (the uploaded file's name, or the model's key). */
  name: string;
  process: CheckedProcess;
}

/**
 * Deploys checked processes for each target tenant, in one transaction: every process becomes the
 * next version of its key in that tenant (`key:version:deploymentId`); instances already running
 * keep the version they started with.
 */
export async function deploy(
  ctx: AppContext,
  caller: Caller,
  request: { category: string; tenantIds: string[]; files: DeployFile[] },
  english: boolean,
): Promise<ProcessDefinitionRow[]> {
  await checkCategory(ctx, request.category);
  const tenants = await targetTenants(ctx.db, caller, request.tenantIds);
  const rows = await ctx.db.transaction().execute(async (trx) => {
    const written = [];
    for (const tenantId of tenants) {
      const deploymentId = ctx.ids.next();
      const now = new Date();
      await trx
        .insertInto('blade_flow_deployment')
        .values({
          id: deploymentId,
          tenantId,
          name: request.files[0].process.name,
          category: request.category,
          deployUser: caller.user_id,
          deployTime: now,
        })
        .execute();
      for (const file of request.files) {
        const { process } = file;
        // One deployment at a time per tenant and key takes the next version (the unique index holds the rest).
        await trx.executeQuery(sql`select pg_advisory_xact_lock(hashtext(${`flow:${tenantId}:${process.key}`}))`.compile(trx));
        const latest = await trx
          .selectFrom('blade_flow_definition')
          .select((eb) => eb.fn.max('version').as('v'))
          .where('tenantId', '=', tenantId)
          .where('key', '=', process.key)
          .executeTakeFirst();
        const version = Number(latest?.v ?? 0) + 1;
        const row = {
          id: `${process.key}:${version}:${deploymentId}`,
          deploymentId,
          tenantId,
          key: process.key,
          name: process.name,
          description: process.description,
          category: request.category,
          version,
          resourceName: file.name,
          xml: process.xml,
          userTasks: JSON.stringify(process.userTasks),
          initiator: process.initiator,
          suspensionState: 1,
          deployTime: now,
        };
        await trx.insertInto('blade_flow_definition').values(row).execute();
        written.push({ ...row, deploymentId });
      }
    }
    return written;
  });
  const categoryName = await categoryNames(ctx, english);
  return rows.map((r) => definitionRow(r, categoryName));
}

/** Checks every file before anything is deployed: one refusal refuses them all. */
export async function checkFiles(files: { name: string; xml: string }[]): Promise<DeployFile[]> {
  const checked: DeployFile[] = [];
  for (const file of files) checked.push({ name: file.name, process: await checkBpmn(file.xml) });
  const keys = checked.map((f) => f.process.key);
  if (new Set(keys).size !== keys.length) throw badRequest(m.say.xmlNoProcess);
  return checked;
}

const DEFINITION_COLUMNS = [
  'id',
  'tenantId',
  'key',
  'name',
  'description',
  'category',
  'version',
  'deploymentId',
  'resourceName',
  'suspensionState',
  'deployTime',
] as const;

export interface DefinitionFilter {
  current?: number;
  size?: number;
  mode?: 1 | 2;
  key?: string;
  name?: string;
  category?: string;
}

/**
 * Definitions as the manager lists them, every version: mode 1 the common ones, mode 2 those of
 * tenants (all of them for the platform tenant, else the caller's); no mode: both.
 */
export async function managerList(ctx: AppContext, caller: Caller, filter: DefinitionFilter, english: boolean) {
  let query = definitions(ctx);
  const own = isPlatform(caller) ? null : caller.tenant_id;
  if (filter.mode === 1) query = query.where('d.tenantId', '=', '');
  else if (filter.mode === 2) query = own ? query.where('d.tenantId', '=', own) : query.where('d.tenantId', '<>', '');
  else if (own) query = query.where('d.tenantId', 'in', ['', own]);
  return definitionPage(ctx, query, filter, english);
}

const definitions = (ctx: AppContext) => ctx.db.selectFrom('blade_flow_definition as d');

/** Active definitions the caller may start: the newest version of each key, common ones and their tenant's. */
export async function startList(ctx: AppContext, caller: Caller, filter: DefinitionFilter, english: boolean) {
  const tenants = filter.mode === 1 ? [''] : filter.mode === 2 ? [caller.tenant_id] : ['', caller.tenant_id];
  const query = definitions(ctx)
    .where('d.tenantId', 'in', tenants)
    .where('d.suspensionState', '=', 1)
    .where(({ eb, selectFrom }) =>
      eb(
        'd.version',
        '=',
        selectFrom('blade_flow_definition as n')
          .select((n) => n.fn.max('n.version').as('v'))
          .whereRef('n.tenantId', '=', 'd.tenantId')
          .whereRef('n.key', '=', 'd.key')
          .where('n.suspensionState', '=', 1),
      ),
    );
  return definitionPage(ctx, query, filter, english);
}

async function definitionPage(ctx: AppContext, base: ReturnType<typeof definitions>, filter: DefinitionFilter, english: boolean) {
  let query = base;
  if (filter.key) query = query.where('d.key', 'ilike', containing(filter.key));
  if (filter.name) query = query.where('d.name', 'ilike', containing(filter.name));
  if (filter.category) query = query.where('d.category', '=', filter.category);
  const { size, current, offset } = paging(filter);
  const [{ n }] = await query.select((eb) => eb.fn.countAll<string>().as('n')).execute();
  const rows = (await query
    .select(DEFINITION_COLUMNS.map((c) => `d.${c}` as const))
    .orderBy('d.deployTime', 'desc')
    .orderBy('d.id')
    .limit(size)
    .offset(offset)
    .execute()) as unknown as Parameters<typeof definitionRow>[0][];
  const categoryName = await categoryNames(ctx, english);
  return pageAnswer(
    rows.map((r) => definitionRow(r, categoryName)),
    Number(n),
    size,
    current,
  );
}

/** Activates or suspends a definition the caller manages; a suspended one starts nothing (running instances go on). */
export async function changeState(ctx: AppContext, caller: Caller, processId: string, state: 'active' | 'suspend', english: boolean) {
  const row = await ctx.db.selectFrom('blade_flow_definition').select(DEFINITION_COLUMNS).where('id', '=', processId).executeTakeFirst();
  if (!row || !(row.tenantId === '' || mayManage(caller, row.tenantId))) throw badRequest(m.say.processMissing);
  if (row.tenantId === '' && !isPlatform(caller)) throw forbidden(m.say.notManageable);
  const suspensionState = state === 'active' ? 1 : 2;
  await ctx.db.updateTable('blade_flow_definition').set({ suspensionState }).where('id', '=', processId).execute();
  return definitionRow({ ...row, suspensionState }, await categoryNames(ctx, english));
}

/** Deletes deployments the caller manages with their definitions, unless any instance was started from them. */
export async function deleteDeployments(ctx: AppContext, caller: Caller, deploymentIds: string[]): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const deployments = await trx
      .selectFrom('blade_flow_deployment')
      .select(['id', 'tenantId'])
      .where('id', 'in', deploymentIds)
      .forUpdate()
      .execute();
    if (deployments.length !== deploymentIds.length) throw badRequest(m.say.deploymentMissing);
    for (const d of deployments) {
      // Another tenant's deployment is not there for the caller; a common one only the platform changes.
      if (d.tenantId !== '' && !mayManage(caller, d.tenantId)) throw badRequest(m.say.deploymentMissing);
      if (d.tenantId === '' && !isPlatform(caller)) throw forbidden(m.say.notManageable);
    }
    const used = await trx
      .selectFrom('blade_flow_instance as i')
      .innerJoin('blade_flow_definition as d', 'd.id', 'i.definitionId')
      .select('i.id')
      .where('d.deploymentId', 'in', deploymentIds)
      .limit(1)
      .executeTakeFirst();
    if (used) throw badRequest(m.say.deploymentRunning);
    await trx.deleteFrom('blade_flow_definition').where('deploymentId', 'in', deploymentIds).execute();
    await trx.deleteFrom('blade_flow_deployment').where('id', 'in', deploymentIds).execute();
  });
}
