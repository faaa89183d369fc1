import type { DictSeed } from './types.js';

/**
 * System dictionaries (blade_dict), with the codes and keys BladeX uses, so that Saber screens reading them by code find them.
 * Each dictionary and entry carries its English label (`nameEn`, the third item of an entry),
 * shown when the screen is in English; an entry without one (already Latin) shows its value.
 * `DICT` is not a dictionary: it is the code the tree endpoint is called with.
 */
export const systemDicts: DictSeed[] = [
  {
    code: 'yes_no',
    name: '是否',
    nameEn: 'Yes/No',
    sealed: true,
    entries: [
      ['0', '否', 'No'],
      ['1', '是', 'Yes'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    nameEn: 'Gender',
    sealed: true,
    entries: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['3', '未知', 'Unknown'],
    ],
  },
  {
    code: 'notice',
    name: '通知类型',
    nameEn: 'Notice type',
    entries: [
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Endorsed notice'],
      ['3', '转发通知', 'Forwarded notice'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任命通知', 'Appointment'],
      ['6', '会议通知', 'Meeting notice'],
      ['7', '其他通知', 'Other notice'],
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    nameEn: 'Post type',
    entries: [
      ['1', '高层', 'Senior'],
      ['2', '中层', 'Middle'],
      ['3', '基层', 'Front-line'],
      ['4', '其他', 'Other'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    nameEn: 'Data scope',
    sealed: true,
    entries: [
      ['1', '全部可见', 'Everything'],
      ['2', '本人可见', 'Own records'],
      ['3', '所在机构可见', 'Own department'],
      ['4', '所在机构及子级可见', 'Own department and below'],
      ['5', '自定义', 'Custom'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    nameEn: 'API scope',
    entries: [
      ['1', '系统接口', 'System API'],
      ['2', '业务接口', 'Business API'],
      ['3', '其他接口', 'Other API'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    nameEn: 'Menu type',
    sealed: true,
    entries: [
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    nameEn: 'Button function',
    entries: [
      ['1', '工具栏', 'Toolbar'],
      ['2', '操作栏', 'Row actions'],
      ['3', '工具操作栏', 'Toolbar and row actions'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    nameEn: 'Organization type',
    entries: [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '小组', 'Team'],
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    nameEn: 'Administrative division',
    entries: [
      ['1', '省份', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'County'],
      ['4', '乡镇', 'Township'],
      ['5', '村委', 'Village'],
    ],
  },
  {
    code: 'user_type',
    name: '用户平台',
    nameEn: 'User platform',
    entries: [
      ['1', 'web'],
      ['2', 'app'],
      ['3', 'other'],
    ],
  },
  {
    code: 'account_status',
    name: '账号状态',
    nameEn: 'Account status',
    entries: [
      ['1', '正常', 'Active'],
      ['0', '禁用', 'Disabled'],
    ],
  },
  // The web turns each entry into the route key `flow_<key>` with the remark as its value.
  { code: 'flow', name: '流程类型', nameEn: 'Process type', entries: [['1', '请假流程', 'Leave request', 'leave']] },
  {
    code: 'oss',
    name: '对象存储',
    nameEn: 'Object storage',
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
    nameEn: 'SMS service',
    entries: [
      ['0', 'log'],
      ['3', 'ali'],
      ['4', 'tencent'],
    ],
  },
  {
    code: 'social_kind',
    name: '第三方登录类型',
    nameEn: 'Social sign-in type',
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
    nameEn: 'Application type',
    entries: [
      ['1', '办公协同', 'Office'],
      ['2', '生产制造', 'Production'],
      ['3', '经营管理', 'Operations management'],
      ['4', '财务管理', 'Finance'],
      ['5', '人力资源', 'Human resources'],
      ['6', '其他', 'Other'],
    ],
  },
  {
    code: 'app_category',
    name: '应用分类',
    nameEn: 'Application category',
    entries: [
      ['1', 'web应用', 'Web app'],
      ['2', '移动应用', 'Mobile app'],
      ['3', '小程序', 'Mini program'],
      ['4', '客户端', 'Desktop client'],
    ],
  },
  {
    code: 'app_package_type',
    name: '安装包类型',
    nameEn: 'Package type',
    entries: [
      ['1', 'Android'],
      ['2', 'iOS'],
    ],
  },
  {
    code: 'blog_category',
    name: '博客分类',
    nameEn: 'Blog category',
    entries: [
      ['1', '技术', 'Technology'],
      ['2', '生活', 'Life'],
      ['3', '公告', 'Announcement'],
    ],
  },
];

/** Business dictionaries (blade_dict_biz). */
export const bizDicts: DictSeed[] = [
  {
    code: 'network_type',
    name: '网络类型',
    nameEn: 'Network type',
    entries: [
      ['1', '互联网', 'Internet'],
      ['2', '办公网', 'Office network'],
      ['3', '生产网', 'Production network'],
    ],
  },
  {
    code: 'app_level',
    name: '系统等级',
    nameEn: 'System level',
    entries: [
      ['1', '一级', 'Level 1'],
      ['2', '二级', 'Level 2'],
      ['3', '三级', 'Level 3'],
      ['4', '四级', 'Level 4'],
    ],
  },
];
