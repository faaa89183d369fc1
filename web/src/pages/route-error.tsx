import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { addErrorLog } from '../layout/error-log.js';

/** A page's code could not be fetched: usually a new version was deployed while the tab was open. */
const isChunkError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);

/**
 * The router's error element: a page that failed to render is recorded in the error log (as
 * every uncaught UI error is) and the user gets the 500 page, or a reload when a page's chunk is missing.
 */
export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => addErrorLog(error, 'route'), [error]);
  const chunk = isChunkError(error);
  return (
    <Result
      status="500"
      title="500"
      subTitle={chunk ? t('error.chunk') : t('error.500')}
      extra={
        <Button type="primary" onClick={() => (chunk ? window.location.reload() : window.location.assign('/'))}>
          {chunk ? t('error.reload') : t('error.back')}
        </Button>
      }
    />
  );
}
