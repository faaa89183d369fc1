import { defineResource } from '@sso/shared-api';
import { z } from 'zod';

/**
 * A fake resource whose rows carry display names of every kind (a table through comma-joined
 * ids, its own parent with a root, a dictionary, a fixed label set) and empty fields of every
 * type, for the generic layer's suite.
 */
export const widget = defineResource({
  service: 'blade-test',
  name: 'widget',
  table: 'test_widget',
  tenantScoped: true,
  permission: 'widget',
  filters: { parentId: 'eq' },
  names: {
    deptName: { field: 'deptId', table: 'blade_dept', column: 'deptName', sameTenant: true },
    parentName: { field: 'parentId', table: 'test_widget', column: 'widgetName', root: '顶级' },
    sexName: { field: 'sex', dict: 'sex' },
    kindName: { field: 'kind', labels: { 1: '大件', 2: '小件' } },
  },
  entity: z.object({
    widgetName: z.string().min(1).max(50),
    parentId: z.string().optional(),
    deptId: z.string().nullish(),
    sex: z.number().nullish(),
    kind: z.number().nullish(),
    weight: z.number().nullish(),
    remark: z.string().nullish(),
    startTime: z.string().nullish(),
  }),
  view: { title: ['小部件', 'Widgets'], columns: [{ prop: 'widgetName', label: ['名称', 'Name'] }] },
});

export const CREATE_WIDGET_TABLE = `create table test_widget (
  id bigint primary key,
  tenant_id varchar(12) not null default '000000',
  create_user bigint,
  create_dept bigint,
  create_time timestamptz not null default now(),
  update_user bigint,
  update_time timestamptz not null default now(),
  status int not null default 1,
  is_deleted int not null default 0,
  parent_id bigint not null default 0,
  widget_name varchar(50) not null,
  dept_id varchar(2000),
  sex int,
  kind int,
  weight int,
  remark varchar(255),
  start_time timestamptz)`;
