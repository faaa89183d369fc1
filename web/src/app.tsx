import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from './pages/login.js';
import { NotFoundPage } from './pages/not-found.js';
import { WelcomePage } from './pages/welcome.js';
import { client } from './session.js';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/wel" replace />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
      <Route path="/wel/index" element={<WelcomePage />} />
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  useEffect(() => {
    client.options.language = english ? 'en' : 'zh';
    document.documentElement.lang = english ? 'en' : 'zh-CN';
  }, [english]);

  return (
    <ConfigProvider locale={english ? enUS : zhCN} theme={{ token: { colorPrimary: '#1f5fbf' } }}>
      <AntApp>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
