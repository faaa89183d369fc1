import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { addErrorLog } from '../layout/error-log.js';
import { isChunkError } from '../lib/chunk-error.js';
import { PageLoading } from '../lib/page-loading.js';

const RouteError = lazy(() => import('../pages/route-error.js'));

/**
 * The router's error element. When a page's chunk is gone (a new version was deployed while the
 * tab was open) the error page's own chunk is gone too: the reload prompt is drawn here, from the
 * entry's code alone, never lazily. Any other error gets the full error page.
 */
export function RouteFailure() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkError(error);
  // Recorded in the error log as every uncaught UI error is (the error page records the others).
  useEffect(() => {
    if (chunk) addErrorLog(error, 'route');
  }, [chunk, error]);
  if (!chunk) {
    return (
      <Suspense fallback={<PageLoading full />}>
        <RouteError />
      </Suspense>
    );
  }
  return (
    <div role="alert" style={{ padding: '20vh 24px', textAlign: 'center', fontSize: 16 }}>
      <p>{t('error.chunk')}</p>
      <button type="button" style={{ padding: '6px 16px', fontSize: 14, cursor: 'pointer' }} onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
