import { z } from 'zod';
// Through the package's entry, as every user of the contract reaches it (its modules import each other in a circle).
import { app, defineMessages, defineResource, idString, requiredText } from './index.js';

/**
 * A plain resource that exists only in tests: a tool of an application, the field `appId` a
 * reference to an application. It is written exactly as a new resource would be (a definition,
 * the DDL of its migration, its menu seed) and is in no registry, migration or menu list, so the
 * suites that serve it to the server, the CLI, the terminal console and the web page show that
 * nothing else needs writing for each of them to follow.
 */
const m = defineMessages('throwaway', {
  toolName: ['请输入工具名称', 'Please enter the tool name'],
  appMissing: ['工具所属应用不存在', "The tool's application does not exist"],
  appChoose: ['请选择工具所属应用', "Please choose the tool's application"],
});
export const testToolMessages = m;

export const testTool = defineResource({
  service: 'blade-test',
  name: 'testtool',
  table: 'test_tool',
  tenantScoped: true,
  permission: 'testtool',
  cached: false,
  entity: z.object({
    toolName: requiredText(m.say.toolName, 64),
    appId: idString,
  }),
  names: { appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true } },
  references: { appId: { to: () => app, label: 'appName', hint: 'appCode', missing: m.say.appMissing, choose: m.say.appChoose } },
  filters: { toolName: 'like', appId: 'eq' },
  sorts: ['toolName'],
  view: {
    title: ['测试工具', 'Test tools'],
    columns: [
      { prop: 'toolName', label: ['工具名称', 'Tool name'], search: true },
      { prop: 'appId', label: ['所属应用', 'Application'], search: true, hideInTable: true },
      { prop: 'appName', label: ['所属应用', 'Application'], hideInForm: true },
    ],
  },
});

/** Its table, as its migration would create it: the common columns of every table, then its own. */
export const TEST_TOOL_DDL = `create table test_tool (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0,
  tool_name varchar(64) not null,
  app_id bigint not null)`;

/**
 * Its entry in the menu seed, in the seed's shape (`MenuSeed` of the server's seed data): a
 * screen whose code is the definition's permission, with the four standard buttons.
 */
const button = (suffix: string, name: string, action: 1 | 2, sort: number) => ({
  code: `testtool_${suffix}`,
  name,
  alias: suffix,
  path: `/test/testtool/${suffix}`,
  source: 'setting',
  sort,
  category: 2 as const,
  action,
  isOpen: 1 as const,
});
export const TEST_TOOL_MENU = {
  code: 'testtool',
  name: '测试工具',
  nameEn: 'Test tools',
  alias: 'testtool',
  path: '/test/testtool',
  source: 'iconfont icon-setting',
  sort: 99,
  category: 1 as const,
  action: 0 as const,
  isOpen: 1 as const,
  children: [button('add', '新增', 1, 1), button('edit', '修改', 2, 2), button('delete', '删除', 2, 3), button('view', '查看', 2, 4)],
};
