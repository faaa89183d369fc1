import { registry } from '@sso/shared-api';
import { Card, Flex, Segmented, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import type { AppLogFigures } from './app-log-charts.js';
import './strings.js';

const def = registry.aps.appLoginLog;
// echarts is large: it loads with the charts, after the table.
const AppLogCharts = lazy(() => import('./app-log-charts.js'));

const PERIODS = [7, 30, 90] as const;

/** The three chart series of the tenant's opens over the last `days`. */
async function loadFigures(days: number): Promise<AppLogFigures> {
  const log = client.aps.appLoginLog;
  const [perDay, perApp, perType] = await Promise.all([
    log.getAppLogEchart({ days }),
    log.getAppLogVisit({ days }),
    log.getAppLogChartType({ days }),
  ]);
  return { perDay, perApp, perType };
}

/** /aps/apploginlog (应用登录日志): charts of the opens over a chosen period above the generic (read-only) log table. */
export default function AppLoginLogScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(7);
  const [figures, setFigures] = useState<AppLogFigures>();

  useEffect(() => {
    let live = true;
    loadFigures(days).then(
      (loaded) => live && setFigures(loaded),
      () => live && setFigures({ perDay: [], perApp: [], perType: [] }), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [days]);

  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={t('apsScreen.chartsTitle')}
        extra={
          <Segmented
            size="small"
            value={days}
            onChange={(value) => setDays(Number(value))}
            options={PERIODS.map((period) => ({ value: period, label: t('apsScreen.lastDays', { days: period }) }))}
          />
        }
      >
        <Suspense fallback={<Spin />}>
          {figures ? (
            <AppLogCharts
              figures={figures}
              titles={[t('apsScreen.opensPerDay'), t('apsScreen.opensPerApp'), t('apsScreen.opensPerType')]}
            />
          ) : (
            <Spin />
          )}
        </Suspense>
      </Card>
      <CrudPage def={def} title={menu?.name} />
    </Flex>
  );
}
