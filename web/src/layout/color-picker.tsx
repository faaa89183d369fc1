import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { website } from '../config.js';
import { useStore } from '../lib/store.js';
import { settingsStore, updateSettings } from './settings.js';

const presets = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

/** The primary colour of the console (default #409EFF). */
export function ThemeColorPicker() {
  const { t } = useTranslation();
  const color = useStore(settingsStore, (s) => s.color);
  return (
    <span title={t('navbar.color')} style={{ display: 'inline-flex', alignItems: 'center' }}>
      <ColorPicker
        size="small"
        value={color}
        disabledAlpha
        presets={[{ label: t('navbar.color'), colors: presets }]}
        onChangeComplete={(value) => updateSettings({ color: value.toHexString().toUpperCase() })}
        onClear={() => updateSettings({ color: website.defaultColor })}
        allowClear
        aria-label={t('navbar.color')}
      />
    </span>
  );
}
