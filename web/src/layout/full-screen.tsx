import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/store.js';
import { settingsStore, updateSettings } from './settings.js';

/** Full-screen toggle; follows Esc and F11 exits through the fullscreenchange event. */
export function FullScreenButton() {
  const { fullScreen, toggle, label } = useFullScreen();
  return (
    <Button
      type="text"
      icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      onClick={toggle}
      aria-label={label}
      title={label}
    />
  );
}

/** The full-screen state, its toggle and the toggle's label, for the button and the overflow menu. */
export function useFullScreen(): { fullScreen: boolean; toggle: () => void; label: string } {
  const { t } = useTranslation();
  const fullScreen = useStore(settingsStore, (s) => s.fullScreen);
  useEffect(() => {
    const sync = () => updateSettings({ fullScreen: Boolean(document.fullscreenElement) });
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const label = fullScreen ? t('navbar.exitScreenfull') : t('navbar.screenfull');
  return { fullScreen, toggle, label };
}
