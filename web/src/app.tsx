import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { client } from './api/client.js';
import { FeedbackBridge } from './api/feedback-bridge.js';
import { website } from './config.js';
import { settingsStore } from './layout/settings.js';
import { antdThemeOf, themeByName } from './layout/themes.js';
import { useStore } from './lib/store.js';
import { createAppRouter } from './router/router.js';

const router = createAppRouter();

export function App() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  const themeName = useStore(settingsStore, (s) => s.theme);
  const color = useStore(settingsStore, (s) => s.color);
  const theme = useMemo(() => antdThemeOf(themeByName(themeName), color, website.defaultColor), [themeName, color]);

  useEffect(() => {
    client.options.language = english ? 'en' : 'zh';
    document.documentElement.lang = english ? 'en' : 'zh-CN';
  }, [english]);

  // BladeX puts the theme's name on <body> as a class.
  useEffect(() => {
    document.body.classList.add(themeName);
    return () => document.body.classList.remove(themeName);
  }, [themeName]);

  return (
    <ConfigProvider locale={english ? enUS : zhCN} theme={theme}>
      <AntApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
