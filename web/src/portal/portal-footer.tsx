import { useTranslation } from 'react-i18next';

/** The portal's footer: the company's copyright line, the technical-support credit and the ICP filing number. */
export function PortalFooter() {
  const { t } = useTranslation();
  return (
    <footer className="sso-portal-footer">
      <div>{t('portal.copyright')}</div>
      <div>{t('portal.support')}</div>
      <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
        {t('portal.icp')}
      </a>
    </footer>
  );
}
