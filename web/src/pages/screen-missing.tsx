import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** A menu or fixed route whose screen is not built yet: says so instead of a blank page or a 404. */
export default function ScreenMissing({ title, full = false }: { title?: string; full?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" style={{ minHeight: full ? '100vh' : 320 }} data-screen="missing">
      <Result
        status="info"
        title={title ?? t('missing.title')}
        subTitle={t('missing.subTitle')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('error.back')}
          </Button>
        }
      />
    </Flex>
  );
}
