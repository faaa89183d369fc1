import { withEnglishNames } from './menu-english.js';
import type { MenuSeed } from './types.js';

/**
 * The complete admin menu tree: every screen of the admin console, at the paths the Saber front
 * end opens them by, so that existing clients find their views.
 *
 * Top-level groups (category 1) hold screens (category 1) whose children are buttons
 * (category 2). A screen's code is the last segment of its path (made unique where needed:
 * `log_usual`, `work_start`, `flow_model`); its buttons are `${code}_add`, `_edit`, `_delete`,
 * `_view` plus the buttons of the resource's extra actions (grant, import, reset …). The fixed routes (/wel/index, /wel/dashboard, /info/index,
 * /home, /market, leave forms) are built into the front ends and not listed here.
 */

type Std = 'add' | 'edit' | 'delete' | 'view';
/** An extra button: code suffix, Chinese name, action (1 toolbar, 2 row), icon. */
type Extra = readonly [suffix: string, name: string, action: 1 | 2, source?: string];

const CRUD: readonly Std[] = ['add', 'edit', 'delete', 'view'];
const VIEW: readonly Std[] = ['view'];

const STANDARD: Record<Std, readonly [name: string, action: 1 | 2, source: string]> = {
  add: ['新增', 1, 'plus'],
  edit: ['修改', 2, 'form'],
  delete: ['删除', 2, 'delete'],
  view: ['查看', 2, 'file-text'],
};

function button(code: string, path: string, suffix: string, name: string, action: 1 | 2, source: string, sort: number): MenuSeed {
  return { code: `${code}_${suffix}`, name, alias: suffix, path: `${path}/${suffix}`, source, sort, category: 2, action, isOpen: 1 };
}

/** A screen with the given standard buttons (all four by default) and its extras. */
function screen(
  code: string,
  name: string,
  alias: string,
  path: string,
  source: string,
  sort: number,
  extras: readonly Extra[] = [],
  std: readonly Std[] = CRUD,
): MenuSeed {
  const standard = std.map((s, i) => button(code, path, s, STANDARD[s][0], STANDARD[s][1], STANDARD[s][2], i + 1));
  const extra = extras.map(([suffix, label, action, icon], i) =>
    button(code, path, suffix, label, action, icon ?? 'setting', std.length + i + 1),
  );
  return { code, name, alias, path, source, sort, category: 1, action: 0, isOpen: 1, children: [...standard, ...extra] };
}

/** A read-only screen (logs, statistics, flow inboxes): `_view` plus its extras. */
function viewScreen(
  code: string,
  name: string,
  alias: string,
  path: string,
  source: string,
  sort: number,
  extras: readonly Extra[] = [],
): MenuSeed {
  return screen(code, name, alias, path, source, sort, extras, VIEW);
}

/** A menu grouping screens (no buttons of its own). */
function group(code: string, name: string, alias: string, path: string, source: string, sort: number, children: MenuSeed[]): MenuSeed {
  return { code, name, alias, path, source, sort, category: 1, action: 0, isOpen: 1, children };
}

const desk = group('desk', '工作台', 'desk', '/desk', 'iconfont iconicon_airplay', 1, [
  screen('notice', '通知公告', 'notice', '/desk/notice', 'iconfont iconicon_sms', 1),
  screen('blog', '博客示例', 'blog', '/desk/blog', 'iconfont iconicon_doc', 2),
]);

const aps = group('aps', '应用管理', 'aps', '/aps', 'iconfont iconicon_work', 2, [
  screen('app', '应用信息', 'app', '/aps/app', 'iconfont iconicon_work', 1, [['datasource', '数据源配置', 2, 'database']]),
  screen('appmenu', '应用菜单', 'appmenu', '/aps/appmenu', 'iconfont iconicon_subordinate', 2, [['child', '新增子项', 2, 'plus']]),
  screen('appmenufunction', '菜单功能', 'appmenufunction', '/aps/appmenufunction', 'iconfont iconicon_task', 3),
  screen('approle', '应用角色', 'approle', '/aps/approle', 'iconfont iconicon_boss', 4, [['grant', '权限设置', 2, 'key']]),
  screen('approlemenu', '角色菜单授权', 'approlemenu', '/aps/approlemenu', 'iconfont iconicon_subordinate', 5, [
    ['grant', '菜单授权', 2, 'key'],
  ]),
  screen('approlefunction', '角色功能授权', 'approlefunction', '/aps/approlefunction', 'iconfont iconicon_task', 6, [
    ['grant', '功能授权', 2, 'key'],
  ]),
  screen('appuser', '应用用户', 'appuser', '/aps/appuser', 'iconfont iconicon_principal', 7),
  screen('userauthorizedrole', '用户授权角色', 'userauthorizedrole', '/aps/userauthorizedrole', 'iconfont iconicon_boss', 8),
  screen('userauthorizedmenu', '用户授权菜单', 'userauthorizedmenu', '/aps/userauthorizedmenu', 'iconfont iconicon_subordinate', 9),
  screen('userauthorizedfunction', '用户授权功能', 'userauthorizedfunction', '/aps/userauthorizedfunction', 'iconfont iconicon_task', 10),
  viewScreen('userauthorizedlog', '用户授权日志', 'userauthorizedlog', '/aps/userauthorizedlog', 'iconfont iconicon_doc', 11),
  screen('appfavorites', '应用收藏', 'appfavorites', '/aps/appfavorites', 'iconfont iconicon_favorite', 12),
  viewScreen('apploginlog', '应用登录日志', 'apploginlog', '/aps/apploginlog', 'iconfont iconicon_doc', 13, [
    ['chart', '访问统计', 1, 'bar-chart'],
    ['export', '导出', 1, 'export'],
  ]),
  screen('appanalysis', '应用分析', 'appanalysis', '/aps/appanalysis', 'iconfont iconicon_chart', 14),
]);

const ledger = group('ledger', '应用台账', 'ledger', '/ledger', 'iconfont iconicon_addresslist', 3, [
  screen('appparameter', '台账参数', 'appparameter', '/ledger/appparameter', 'iconfont iconicon_addresslist', 1, [
    ['shelf', '上下架', 1, 'swap'],
    ['check', '审核', 1, 'audit'],
  ]),
  screen('appparametercomments', '台账评论', 'appparametercomments', '/ledger/appparametercomments', 'iconfont iconicon_message', 2),
  screen('appparameterlike', '台账点赞', 'appparameterlike', '/ledger/appparameterlike', 'iconfont iconicon_like', 3),
  viewScreen('appparameterlog', '台账访问日志', 'appparameterlog', '/ledger/appparameterlog', 'iconfont iconicon_doc', 4),
  screen('appnetwork', '网络安全', 'appnetwork', '/ledger/appnetwork', 'iconfont iconicon_safety', 5),
]);

// The group cannot take the code `appmanage`: the screen /appmanage/appmanage has it.
const operation = group('app_operation', '应用运营', 'operation', '/appmanage', 'iconfont iconicon_mobile', 4, [
  screen('appmanage', '运营应用', 'appmanage', '/appmanage/appmanage', 'iconfont iconicon_mobile', 1),
  screen('appmembermanage', '成员管理', 'appmembermanage', '/appmanage/appmembermanage', 'iconfont iconicon_group', 2, [
    ['multi', '批量添加', 1, 'usergroup-add'],
  ]),
  screen('appversionmanage', '版本管理', 'appversionmanage', '/appmanage/appversionmanage', 'iconfont iconicon_tag', 3, [
    ['release', '发布', 2, 'cloud-upload'],
  ]),
  screen(
    'appdownloadrecord',
    '下载记录',
    'appdownloadrecord',
    '/appmanage/appdownloadrecord',
    'iconfont iconicon_download',
    4,
    [['statistics', '下载统计', 1, 'bar-chart']],
    ['delete', 'view'],
  ),
  viewScreen('appstartlog', '启动日志', 'appstartlog', '/appmanage/appstartlog', 'iconfont iconicon_doc', 5),
  viewScreen('mini', '小程序分析', 'mini', '/appmanage/mini', 'iconfont iconicon_chart', 6),
  viewScreen('appstatistics', '应用统计', 'appstatistics', '/appmanage/appstatistics', 'iconfont iconicon_chart', 7),
]);

const abs = group('abs', '应用流程', 'abs', '/abs', 'iconfont iconicon_exchange', 5, [
  screen('appworkflow', '流程定义', 'appworkflow', '/abs/appworkflow', 'iconfont iconicon_exchange', 1),
  screen('appworkflownode', '流程节点', 'appworkflownode', '/abs/appworkflownode', 'iconfont iconicon_branch', 2),
  screen('appworkflowmatter', '流程事项', 'appworkflowmatter', '/abs/appworkflowmatter', 'iconfont iconicon_task', 3),
  viewScreen('appworkflowmatterlog', '事项日志', 'appworkflowmatterlog', '/abs/appworkflowmatterlog', 'iconfont iconicon_doc', 4),
  screen('appincompatiblerule', '不相容规则', 'appincompatiblerule', '/abs/appincompatiblerule', 'iconfont iconicon_safety', 5),
  viewScreen('appincompatiblelog', '不相容日志', 'appincompatiblelog', '/abs/appincompatiblelog', 'iconfont iconicon_doc', 6),
]);

const wx = group('wx', '微信应用', 'wx', '/wx', 'iconfont iconicon_wechat', 6, [
  screen('wxapp', '公众号应用', 'wxapp', '/wx/wxapp', 'iconfont iconicon_wechat', 1),
  screen('wxmenu', '微信菜单', 'wxmenu', '/wx/wxmenu', 'iconfont iconicon_subordinate', 2, [
    ['child', '新增子项', 2, 'plus'],
    ['sync', '同步菜单', 1, 'sync'],
  ]),
  screen('wxuser', '微信用户', 'wxuser', '/wx/wxuser', 'iconfont iconicon_principal', 3, [['sync', '同步粉丝', 1, 'sync']]),
  screen('wxmessagesend', '消息发送', 'wxmessagesend', '/wx/wxmessagesend', 'iconfont iconicon_message', 4, [['send', '发送', 2, 'send']]),
]);

const portal = group('portal', '门户配置', 'portal', '/portal', 'iconfont iconicon_home', 7, [
  screen('friendlylink', '友情链接', 'friendlylink', '/portal/friendlylink', 'iconfont iconicon_link', 1),
]);

const system = group('system', '系统管理', 'system', '/system', 'iconfont iconicon_setting', 8, [
  screen('user', '用户管理', 'user', '/system/user', 'iconfont iconicon_principal', 1, [
    ['reset', '重置密码', 1, 'retweet'],
    ['role', '角色配置', 1, 'user-switch'],
    ['unlock', '账号解封', 1, 'unlock'],
    ['import', '导入', 1, 'import'],
    ['export', '导出', 1, 'export'],
    ['platform', '平台配置', 1, 'cluster'],
    ['audit', '审核', 1, 'audit'],
  ]),
  screen('dept', '机构管理', 'dept', '/system/dept', 'iconfont iconicon_group', 2, [['child', '新增子项', 2, 'plus']]),
  screen('post', '岗位管理', 'post', '/system/post', 'iconfont iconicon_message', 3),
  screen('dict', '系统字典', 'dict', '/system/dict', 'iconfont iconicon_addresslist', 4, [['child', '字典配置', 2, 'setting']]),
  screen('dictbiz', '业务字典', 'dictbiz', '/system/dictbiz', 'iconfont iconicon_addresslist', 5, [['child', '字典配置', 2, 'setting']]),
  screen('menu', '菜单管理', 'menu', '/system/menu', 'iconfont iconicon_subordinate', 6, [['child', '新增子项', 2, 'plus']]),
  screen('topmenu', '顶部菜单', 'topmenu', '/system/topmenu', 'iconfont iconicon_menu', 7, [['setting', '菜单配置', 1, 'setting']]),
  screen('param', '参数管理', 'param', '/system/param', 'iconfont iconicon_community_line', 8),
  screen('tenant', '租户管理', 'tenant', '/system/tenant', 'iconfont icon-quanxian', 9, [
    ['setting', '授权配置', 1, 'setting'],
    ['datasource', '数据源配置', 2, 'database'],
    ['package', '产品包配置', 2, 'appstore'],
  ]),
  screen('tenantpackage', '租户产品包', 'tenantpackage', '/system/tenantpackage', 'iconfont iconicon_savememo', 10),
  screen('client', '客户端管理', 'client', '/system/client', 'iconfont iconicon_side', 11),
  screen('syncsource', '同步源', 'syncsource', '/system/syncsource', 'iconfont iconicon_exchange', 12, [
    ['dryrun', '试运行', 2, 'eye'],
    ['apply', '执行同步', 2, 'sync'],
  ]),
  viewScreen('syncrun', '同步记录', 'syncrun', '/system/syncrun', 'iconfont iconicon_doc', 13),
  viewScreen('compliance', '合规配置', 'compliance', '/system/compliance', 'iconfont icon-quanxian', 14),
  screen('syncrule', '同步授权规则', 'syncrule', '/system/syncrule', 'iconfont iconicon_principal', 15),
]);

const authority = group('authority', '权限管理', 'authority', '/authority', 'iconfont icon-bofangqi-suoping', 9, [
  screen('role', '角色管理', 'role', '/authority/role', 'iconfont iconicon_boss', 1, [['grant', '权限设置', 1, 'key']]),
  screen('datascope', '数据权限', 'datascope', '/authority/datascope', 'iconfont icon-shujuquanxian', 2, [
    ['setting', '权限配置', 2, 'setting'],
  ]),
  screen('apiscope', '接口权限', 'apiscope', '/authority/apiscope', 'iconfont icon-jiekouquanxian', 3, [
    ['setting', '权限配置', 2, 'setting'],
  ]),
]);

const base = group('base', '基础配置', 'base', '/base', 'iconfont iconicon_ding', 10, [
  screen('region', '行政区划', 'region', '/base/region', 'iconfont iconicon_location', 1, [
    ['import', '导入', 1, 'import'],
    ['export', '导出', 1, 'export'],
  ]),
]);

const monitor = group('monitor', '系统监控', 'monitor', '/monitor', 'iconfont icon-bug', 11, [
  group('log', '日志管理', 'log', '/monitor/log', 'iconfont iconicon_doc', 1, [
    viewScreen('log_usual', '通用日志', 'usual', '/monitor/log/usual', 'iconfont iconicon_doc', 1),
    viewScreen('log_api', '接口日志', 'api', '/monitor/log/api', 'iconfont iconicon_doc', 2),
    viewScreen('log_error', '错误日志', 'error', '/monitor/log/error', 'iconfont iconicon_doc', 3),
    viewScreen('log_login', '登录日志', 'login', '/monitor/log/login', 'iconfont iconicon_doc', 4),
  ]),
]);

const resource = group('resource', '资源管理', 'resource', '/resource', 'iconfont iconicon_coinpurse_line', 12, [
  screen('oss', '对象存储', 'oss', '/resource/oss', 'iconfont iconicon_folder', 1, [['enable', '启用', 2, 'check-circle']]),
  screen('sms', '短信配置', 'sms', '/resource/sms', 'iconfont iconicon_message', 2, [
    ['enable', '启用', 2, 'check-circle'],
    ['send', '发送', 2, 'send'],
  ]),
  screen('attach', '附件管理', 'attach', '/resource/attach', 'iconfont iconicon_ding', 3, [
    ['upload', '上传', 1, 'upload'],
    ['download', '下载', 2, 'download'],
  ]),
  screen('social_provider', '第三方登录', 'social', '/resource/social', 'iconfont iconicon_group', 4),
]);

const tool = group('tool', '研发工具', 'tool', '/tool', 'iconfont icon-wxbgongju', 13, [
  screen('code', '代码生成', 'code', '/tool/code', 'iconfont iconicon_savememo', 1, [
    ['gen', '代码生成', 1, 'code'],
    ['copy', '复制', 2, 'copy'],
  ]),
  screen('datasource', '数据源管理', 'datasource', '/tool/datasource', 'iconfont icon-shujuku', 2, [['test', '连接测试', 2, 'api']]),
]);

const report = group('report', '报表管理', 'report', '/report', 'iconfont icon-baobiao', 14, [
  screen(
    'reportlist',
    '报表列表',
    'reportlist',
    '/report/reportlist',
    'iconfont icon-baobiao',
    1,
    [['design', '报表设计', 1, 'edit']],
    ['delete', 'view'],
  ),
]);

const work = group('work', '我的事务', 'work', '/work', 'iconfont iconicon_notice', 15, [
  viewScreen('work_start', '发起事务', 'start', '/work/start', 'iconfont iconicon_edit', 1, [
    ['flow', '发起', 2, 'play-circle'],
    ['image', '流程图', 2, 'picture'],
  ]),
  viewScreen('work_claim', '待签事务', 'claim', '/work/claim', 'iconfont iconicon_savememo', 2, [
    ['sign', '签收', 2, 'check'],
    ['detail', '详情', 2, 'file-text'],
    ['follow', '跟踪', 2, 'picture'],
  ]),
  viewScreen('work_todo', '待办事务', 'todo', '/work/todo', 'iconfont iconicon_taxi', 3, [
    ['handle', '办理', 2, 'edit'],
    ['detail', '详情', 2, 'file-text'],
    ['follow', '跟踪', 2, 'picture'],
  ]),
  viewScreen('work_send', '已发事务', 'send', '/work/send', 'iconfont iconicon_doc', 4, [
    ['detail', '详情', 2, 'file-text'],
    ['follow', '跟踪', 2, 'picture'],
  ]),
  viewScreen('work_done', '办结事务', 'done', '/work/done', 'iconfont iconicon_dispose', 5, [
    ['detail', '详情', 2, 'file-text'],
    ['follow', '跟踪', 2, 'picture'],
  ]),
]);

const flow = group('flow', '流程管理', 'flow', '/flow', 'iconfont iconicon_exchange', 16, [
  // Saber's model and manager screens show their buttons by these codes (create/update, remove).
  screen(
    'flow_model',
    '模型设计',
    'model',
    '/flow/model',
    'iconfont iconicon_discover',
    1,
    [
      ['create', '新增', 1, 'plus'],
      ['update', '修改', 2, 'form'],
      ['deploy', '部署', 2, 'cloud-upload'],
      ['download', '下载', 2, 'download'],
    ],
    ['delete', 'view'],
  ),
  viewScreen('flow_deploy', '流程部署', 'deploy', '/flow/deploy', 'iconfont iconicon_cspace', 2, [['upload', '部署上传', 1, 'upload']]),
  screen(
    'flow_manager',
    '部署管理',
    'manager',
    '/flow/manager',
    'iconfont iconicon_mobilecontacts',
    3,
    [
      ['state', '变更状态', 2, 'swap'],
      ['image', '流程图', 2, 'picture'],
      ['remove', '删除', 2, 'delete'],
    ],
    ['view'],
  ),
  screen(
    'flow_follow',
    '流程监控',
    'follow',
    '/flow/follow',
    'iconfont iconicon_scan',
    4,
    [['image', '流程图', 2, 'picture']],
    ['delete', 'view'],
  ),
]);

export const adminMenus: MenuSeed[] = withEnglishNames([
  desk,
  aps,
  ledger,
  operation,
  abs,
  wx,
  portal,
  system,
  authority,
  base,
  monitor,
  resource,
  tool,
  report,
  work,
  flow,
]);
