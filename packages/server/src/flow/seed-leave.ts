import { DEFAULT_TENANT_ID } from '@sso/shared-api';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { IdGenerator } from '../kernel/ids.js';
import { checkBpmn } from './bpmn-check.js';
import { LEAVE_CATEGORY, LEAVE_MODEL_XML, LEAVE_PROCESS_KEY } from './leave-model.js';
import { seedHrRole } from './seed-hr-role.js';

/**
 * The leave process the platform ships: its model (for the designer), the role its HR step is
 * offered to and a first deployment for the default tenant, written once. Servers starting together take turns (an advisory lock), and
 * a tenant that removed or redeployed it is left as it is.
 */
export async function seedLeaveProcess(db: Db, ids: IdGenerator): Promise<void> {
  const process = await checkBpmn(LEAVE_MODEL_XML);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('flow:seed-leave'))`.execute(trx);
    const seeded = await trx
      .selectFrom('blade_flow_model')
      .select('id')
      .where('tenantId', '=', DEFAULT_TENANT_ID)
      .where('modelKey', '=', LEAVE_PROCESS_KEY)
      .executeTakeFirst();
    if (seeded) return;
    await seedHrRole(trx, ids);
    const now = new Date();
    await trx
      .insertInto('blade_flow_model')
      .values({
        id: ids.next(),
        tenantId: DEFAULT_TENANT_ID,
        modelKey: process.key,
        name: process.name,
        category: LEAVE_CATEGORY,
        version: 1,
        xml: LEAVE_MODEL_XML,
        createTime: now,
        updateTime: now,
      })
      .execute();
    const deployed = await trx
      .selectFrom('blade_flow_definition')
      .select('id')
      .where('tenantId', '=', DEFAULT_TENANT_ID)
      .where('key', '=', process.key)
      .executeTakeFirst();
    if (deployed) return;
    const deploymentId = ids.next();
    await trx
      .insertInto('blade_flow_deployment')
      .values({ id: deploymentId, tenantId: DEFAULT_TENANT_ID, name: process.name, category: LEAVE_CATEGORY, deployTime: now })
      .execute();
    await trx
      .insertInto('blade_flow_definition')
      .values({
        id: `${process.key}:1:${deploymentId}`,
        deploymentId,
        tenantId: DEFAULT_TENANT_ID,
        key: process.key,
        name: process.name,
        description: process.description,
        category: LEAVE_CATEGORY,
        version: 1,
        resourceName: `${process.key}.bpmn20.xml`,
        xml: LEAVE_MODEL_XML,
        userTasks: JSON.stringify(process.userTasks),
        initiator: process.initiator,
        deployTime: now,
      })
      .execute();
  });
}
