import { z } from 'zod';
import { idString, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';

export const datasourceMessages = defineMessages('datasource', {
  name: ['请输入数据源名称', 'Please enter the data source name'],
  driverClass: ['请选择驱动类', 'Please choose the driver class'],
  url: ['请输入连接地址', 'Please enter the connection URL'],
  urlFormat: [
    '连接地址格式错误（如 jdbc:postgresql://主机:5432/数据库）',
    'The connection URL is malformed (e.g. jdbc:postgresql://host:5432/database)',
  ],
  username: ['请输入用户名', 'Please enter the user name'],
});

/**
 * Data sources (platform-wide, BladeX's blade-develop service). The password is kept encrypted
 * and never answered: an update without a password keeps the stored one.
 */
export const datasource = defineResource({
  service: 'blade-develop',
  name: 'datasource',
  table: 'blade_datasource',
  tenantScoped: false,
  platformOnly: true,
  permission: 'datasource',
  entity: z.object({
    name: requiredText(datasourceMessages.say.name, 100),
    driverClass: requiredText(datasourceMessages.say.driverClass, 100),
    url: requiredText(datasourceMessages.say.url, 500).pipe(
      z.string().regex(/^(jdbc:[a-z][\w+.-]*:\S+|[a-z][a-z0-9+.-]*:\/\/\S+)$/i, datasourceMessages.say.urlFormat),
    ),
    username: requiredText(datasourceMessages.say.username, 45),
    password: optionalText(255),
    remark: optionalText(255),
  }),
  filters: { name: 'like', driverClass: 'like', url: 'like' },
  sorts: ['name'],
  hidden: ['password'],
  extras: {
    select: defineExtra({
      method: 'GET',
      path: 'select',
      summary: "Data sources for a select box (the tenant screen's data source dialog): id and name",
      response: z.array(z.object({ id: idString, name: z.string() })),
      permission: ['datasource', 'tenant_datasource', 'tenant'],
    }),
    testConnection: defineExtra({
      method: 'GET',
      path: 'testConnection',
      summary: 'Try to connect with a stored data source (query id): PostgreSQL or MySQL/MariaDB',
      query: z.object({ id: idString }),
      response: z.boolean(),
      permission: 'datasource_test',
    }),
  },
  view: {
    title: ['数据源管理', 'Data sources'],
    columns: [
      { prop: 'name', label: ['名称', 'Name'], search: true },
      { prop: 'driverClass', label: ['驱动类', 'Driver class'] },
      { prop: 'url', label: ['连接地址', 'Connection URL'] },
      { prop: 'username', label: ['用户名', 'User name'] },
      { prop: 'password', label: ['密码', 'Password'], hideInTable: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea', hideInTable: true },
    ],
  },
});
