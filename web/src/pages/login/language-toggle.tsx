import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The login page's language switch: a plain toggle, lighter than the shell's dropdown. */
export function LanguageToggle() {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  return (
    <Button type="link" size="small" onClick={() => void i18n.changeLanguage(english ? 'zh-CN' : 'en')}>
      {english ? '简体中文' : 'English'}
    </Button>
  );
}
