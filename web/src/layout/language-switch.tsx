import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

/** Chinese (the default) / English; i18n remembers the choice and the API answers in it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: [
          { key: 'zh-CN', label: '简体中文' },
          { key: 'en', label: 'English' },
        ],
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('navbar.language')} title={t('navbar.language')} />
    </Dropdown>
  );
}
