import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** 简体中文 / English toggle; i18n remembers the choice. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented
      size="small"
      value={i18n.language === 'en' ? 'en' : 'zh-CN'}
      options={[
        { value: 'zh-CN', label: t('language.zh-CN') },
        { value: 'en', label: t('language.en') },
      ]}
      onChange={(value) => void i18n.changeLanguage(value)}
    />
  );
}
