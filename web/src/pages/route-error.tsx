import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { addErrorLog } from '../layout/error-log.js';

/**
 * The page a route that failed to render shows (a missing chunk is told by the router's own
 * RouteFailure, which needs no chunk): the error is recorded in the error log, as every uncaught
 * UI error is, and the user gets the 500 page with a way back home.
 */
export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => addErrorLog(error, 'route'), [error]);
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('error.500')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('error.back')}
        </Button>
      }
    />
  );
}
