import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * The 11 themes (default, white, dark, star, smart, iview, vip, cool, d2, hey, lte). Each is an
 * antd token set plus the colours of the shell; the theme's name also goes on <body> as a class
 * (BladeX's `theme-xxx`) for any CSS that wants it.
 */
export interface ThemeDef {
  name: string;
  label: readonly [zh: string, en: string];
  dark?: boolean;
  sider: { background: string; text: string; dark: boolean };
  header: { background: string; text: string };
  /** Overrides the chosen colour when the theme has its own. */
  primary?: string;
  token?: ThemeConfig['token'];
}

const darkSider = (background: string) => ({ background, text: 'rgba(255,255,255,.75)', dark: true });
const lightSider = (background = '#fff') => ({ background, text: 'rgba(0,0,0,.85)', dark: false });
const whiteHeader = { background: '#fff', text: 'rgba(0,0,0,.85)' };

export const themes: ThemeDef[] = [
  { name: 'theme-default', label: ['默认主题', 'Default'], sider: darkSider('#20222a'), header: whiteHeader },
  { name: 'theme-white', label: ['白色主题', 'White'], sider: lightSider(), header: whiteHeader },
  {
    name: 'theme-dark',
    label: ['黑色主题', 'Dark'],
    dark: true,
    sider: darkSider('#191a23'),
    header: { background: '#191a23', text: 'rgba(255,255,255,.85)' },
  },
  {
    name: 'theme-star',
    label: ['炫彩主题', 'Star'],
    sider: darkSider('#1b2647'),
    header: { background: '#233366', text: '#fff' },
    primary: '#7b68ee',
  },
  {
    name: 'theme-bule',
    label: ['智能主题', 'Smart (blue)'],
    sider: darkSider('#0f4c81'),
    header: { background: '#1565c0', text: '#fff' },
    primary: '#1565c0',
  },
  { name: 'theme-iview', label: ['iview主题', 'iView'], sider: darkSider('#001529'), header: whiteHeader, primary: '#2d8cf0' },
  {
    name: 'theme-vip',
    label: ['vip主题', 'VIP'],
    sider: darkSider('#2a2a2a'),
    header: { background: '#2a2a2a', text: '#d4b26a' },
    primary: '#c9a45c',
  },
  {
    name: 'theme-cool',
    label: ['酷炫主题', 'Cool'],
    sider: darkSider('#0a1a2f'),
    header: { background: '#0d2442', text: '#7fdbff' },
    primary: '#13c2c2',
  },
  {
    name: 'theme-d2',
    label: ['d2主题', 'D2'],
    sider: lightSider('#ebf1f6'),
    header: { background: '#ebf1f6', text: '#2f74ff' },
    primary: '#2f74ff',
  },
  { name: 'theme-hey', label: ['hey主题', 'Hey'], sider: lightSider('#f4f5f7'), header: whiteHeader, primary: '#ff6b6b' },
  {
    name: 'theme-lte',
    label: ['lte主题', 'AdminLTE'],
    sider: darkSider('#222d32'),
    header: { background: '#3c8dbc', text: '#fff' },
    primary: '#3c8dbc',
  },
];

export const themeByName = (name: string): ThemeDef => themes.find((t) => t.name === name) ?? themes[0];

/** The antd theme of a shell theme and the chosen colour (the picker wins over the theme's own). */
export function antdThemeOf(def: ThemeDef, color: string, defaultColor: string): ThemeConfig {
  const colorPrimary = color !== defaultColor ? color : (def.primary ?? color);
  return {
    algorithm: def.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary, ...def.token },
  };
}
