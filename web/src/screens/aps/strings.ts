import { addScreenStrings } from '../../i18n/index.js';

/** Strings of the application admin screens (t('apsScreen.…')), added when their chunks load. */
addScreenStrings('apsScreen', {
  'zh-CN': {
    addUri: '添加回调地址',
    removeUri: '删除',
    uriPlaceholder: 'https://app.example.com/callback',
    uriInvalid: '不是可登记的回调地址：须为 http(s) 绝对地址，不含空白、通配符、#、用户信息或反斜杠',
    uploadIcon: '上传图标',
    removeIcon: '移除图标',
    iconPreview: '图标预览',
    resetSecret: '重置密钥',
    resetConfirm: '重置后旧密钥立即失效，使用它的应用需要换用新密钥。确定重置?',
    oidcHelp: 'OpenID Connect：客户端id为应用编码，保存后生成的密钥只显示一次；须登记回调地址。',
    casHelp: 'CAS：service 须落在登记的回调地址之下；票据一次有效、10 秒过期。',
    tokenHelp: 'BladeX 令牌交接：令牌只发往登记的回调地址，受众为本应用。',
    linkHelp: '链接：不做单点登录，只打开应用地址。',
    chartsTitle: '应用访问统计',
    lastDays: '近 {{days}} 天',
    opensPerDay: '每日访问次数',
    opensPerApp: '应用访问排行',
    opensPerType: '按应用类型',
  },
  en: {
    addUri: 'Add a redirect URI',
    removeUri: 'Remove',
    uriPlaceholder: 'https://app.example.com/callback',
    uriInvalid:
      'Not a URI that can be registered: it must be an absolute http(s) address without spaces, wildcards, #, user info or backslashes',
    uploadIcon: 'Upload icon',
    removeIcon: 'Remove icon',
    iconPreview: 'Icon preview',
    resetSecret: 'Reset secret',
    resetConfirm: 'The old secret stops working at once; applications using it need the new one. Reset it?',
    oidcHelp:
      'OpenID Connect: the client id is the application code; the secret generated on saving is shown once; register the redirect URIs.',
    casHelp: 'CAS: the service must lie under a registered redirect URI; tickets are single-use and expire after 10 seconds.',
    tokenHelp: 'BladeX hand-off: the token goes only to a registered redirect URI and names this application as its audience.',
    linkHelp: 'Link: no sign-on, the application address is simply opened.',
    chartsTitle: 'Application opens',
    lastDays: 'Last {{days}} days',
    opensPerDay: 'Opens per day',
    opensPerApp: 'Most opened applications',
    opensPerType: 'By application type',
  },
});
