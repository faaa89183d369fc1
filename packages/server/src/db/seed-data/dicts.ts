import type { DictSeed } from './types.js';

/**
 * System dictionaries (blade_dict), with the codes and keys BladeX uses, so that Saber screens reading them by code find them.
 * `DICT` is not a dictionary: it is the code the tree endpoint is called with.
 */
export const systemDicts: DictSeed[] = [
  {
    code: 'yes_no',
    name: '是否',
    sealed: true,
    entries: [
      ['0', '否'],
      ['1', '是'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    sealed: true,
    entries: [
      ['1', '男'],
      ['2', '女'],
      ['3', '未知'],
    ],
  },
  {
    code: 'notice',
    name: '通知类型',
    entries: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任命通知'],
      ['6', '会议通知'],
      ['7', '其他通知'],
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    entries: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    sealed: true,
    entries: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    entries: [
      ['1', '系统接口'],
      ['2', '业务接口'],
      ['3', '其他接口'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    sealed: true,
    entries: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    entries: [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    entries: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '小组'],
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    entries: [
      ['1', '省份'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
  {
    code: 'user_type',
    name: '用户平台',
    entries: [
      ['1', 'web'],
      ['2', 'app'],
      ['3', 'other'],
    ],
  },
  {
    code: 'account_status',
    name: '账号状态',
    entries: [
      ['1', '正常'],
      ['0', '禁用'],
    ],
  },
  // The web turns each entry into the route key `flow_<key>` with the remark as its value.
  { code: 'flow', name: '流程类型', entries: [['1', '请假流程', 'process/leave']] },
  {
    code: 'oss',
    name: '对象存储',
    entries: [
      ['1', 'minio'],
      ['2', 'qiniu'],
      ['3', 'ali'],
      ['4', 'tencent'],
      ['5', 'local'],
    ],
  },
  {
    code: 'sms',
    name: '短信服务',
    entries: [
      ['0', 'log'],
      ['3', 'ali'],
      ['4', 'tencent'],
    ],
  },
  {
    code: 'social_kind',
    name: '第三方登录类型',
    sealed: true,
    entries: [
      ['oidc', 'OpenID Connect'],
      ['wecom', 'WeCom'],
      ['dingtalk', 'DingTalk'],
      ['feishu', 'Feishu / Lark'],
    ],
  },
  {
    code: 'app_type',
    name: '应用类型',
    entries: [
      ['1', '办公协同'],
      ['2', '生产制造'],
      ['3', '经营管理'],
      ['4', '财务管理'],
      ['5', '人力资源'],
      ['6', '其他'],
    ],
  },
  {
    code: 'app_category',
    name: '应用分类',
    entries: [
      ['1', 'web应用'],
      ['2', '移动应用'],
      ['3', '小程序'],
      ['4', '客户端'],
    ],
  },
  {
    code: 'app_package_type',
    name: '安装包类型',
    entries: [
      ['1', 'Android'],
      ['2', 'iOS'],
    ],
  },
  {
    code: 'blog_category',
    name: '博客分类',
    entries: [
      ['1', '技术'],
      ['2', '生活'],
      ['3', '公告'],
    ],
  },
];

/** Business dictionaries (blade_dict_biz). */
export const bizDicts: DictSeed[] = [
  {
    code: 'network_type',
    name: '网络类型',
    entries: [
      ['1', '互联网'],
      ['2', '办公网'],
      ['3', '生产网'],
    ],
  },
  {
    code: 'app_level',
    name: '系统等级',
    entries: [
      ['1', '一级'],
      ['2', '二级'],
      ['3', '三级'],
      ['4', '四级'],
    ],
  },
];
