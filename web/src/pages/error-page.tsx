import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** /404, /403 and /500 (also the router's error element). */
export default function ErrorPage({ code = 404 }: { code?: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={code}
      title={String(code)}
      subTitle={t(`error.${code}`)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('error.back')}
        </Button>
      }
    />
  );
}
