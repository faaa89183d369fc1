import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGE_KEY = 'sso-language';
export type Language = 'zh-CN' | 'en';

const zhCN = {
  login: {
    title: '钢铁集团单点登录平台',
    tenantId: '租户编号',
    username: '账号',
    password: '密码',
    submit: '登录',
    tenantRequired: '请输入租户编号',
    usernameRequired: '请输入账号',
    passwordRequired: '请输入密码',
    success: '登录成功',
  },
  welcome: { title: '欢迎', greeting: '欢迎你，{{name}}', logout: '退出登录' },
  notFound: { title: '404', subTitle: '抱歉，你访问的页面不存在', back: '返回首页' },
  language: { 'zh-CN': '简体中文', en: 'English' },
};

const en: typeof zhCN = {
  login: {
    title: 'Steel Group Single Sign-On Platform',
    tenantId: 'Tenant ID',
    username: 'Account',
    password: 'Password',
    submit: 'Sign in',
    tenantRequired: 'Please enter the tenant ID',
    usernameRequired: 'Please enter your account',
    passwordRequired: 'Please enter your password',
    success: 'Signed in',
  },
  welcome: { title: 'Welcome', greeting: 'Welcome, {{name}}', logout: 'Sign out' },
  notFound: { title: '404', subTitle: 'Sorry, the page you visited does not exist', back: 'Back home' },
  language: { 'zh-CN': '简体中文', en: 'English' },
};

function savedLanguage(): Language {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return saved === 'en' ? 'en' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: savedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (lng) => {
  if (typeof localStorage !== 'undefined') localStorage.setItem(LANGUAGE_KEY, lng);
});

export default i18n;
