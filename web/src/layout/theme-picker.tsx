import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Modal, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/store.js';
import { ThemeColorPicker } from './color-picker.js';
import { settingsStore, updateSettings } from './settings.js';
import { themes } from './themes.js';

/** Theme dialog titled 选择 with the 11 themes. */
export function ThemePicker() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<BgColorsOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('navbar.theme')}
        title={t('navbar.theme')}
      />
      <ThemeDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * The dialog of themes; two to a row on phones, three from 576 px up. On a phone the top bar has
 * no room for the colour picker, so the dialog carries it: every setting stays reachable.
 */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const current = useStore(settingsStore, (s) => s.theme);
  const phone = useStore(settingsStore, (s) => s.screen === 0);
  const en = i18n.language === 'en';
  return (
    <Modal title={t('navbar.themeChoose')} open={open} onCancel={onClose} footer={null} width={560}>
      {phone && (
        <Flex align="center" gap={8} style={{ marginBottom: 12 }} data-testid="theme-dialog-color">
          <span>{t('navbar.color')}</span>
          <ThemeColorPicker />
        </Flex>
      )}
      <Row gutter={[12, 12]}>
        {themes.map((theme) => (
          <Col xs={12} sm={8} key={theme.name}>
            <Card
              size="small"
              hoverable
              data-theme={theme.name}
              onClick={() => updateSettings({ theme: theme.name })}
              styles={{ body: { display: 'flex', alignItems: 'center', gap: 8 } }}
            >
              <span style={{ width: 18, height: 18, borderRadius: 3, background: theme.sider.background, border: '1px solid #ddd' }} />
              <span style={{ flex: 1 }}>{theme.label[en ? 1 : 0]}</span>
              {current === theme.name && <CheckOutlined />}
            </Card>
          </Col>
        ))}
      </Row>
    </Modal>
  );
}
