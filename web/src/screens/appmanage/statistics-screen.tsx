import { Card, DatePicker, Flex, Select, Spin, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { ScreenProps } from '../screen-props.js';
import { type Choice, loadApps } from './app-options.js';
import type { StatisticsFigures } from './statistics-charts.js';
import './strings.js';

// echarts is large: it loads with the charts, after the figures.
const StatisticsCharts = lazy(() => import('./statistics-charts.js'));

const DAY = 'YYYY-MM-DD';
type Totals = { starts: number; brands: number; apps: number; downloads: number };
type Yesterday = { day: string; starts: number; brands: number; downloads: number; startsDayBefore: number; downloadsDayBefore: number };
type PerApp = { appId: string; name: string; value: number }[];

interface Loaded {
  figures: StatisticsFigures;
  totals: Totals;
  perApp: PerApp;
  yesterday: Yesterday;
}

async function loadAll(query: { beginDate: string; endDate: string; appid?: string }): Promise<Loaded> {
  const s = client.appmanage.appStatistics;
  const q = query as never;
  const [trend, os, brand, type, totals, perApp, yesterday] = await Promise.all([
    s.trend(q),
    s.osName(q),
    s.deviceBrand(q),
    s.deviceType(q),
    s.terminalData(q),
    s.appNameNum(q),
    s.yesterdayData((query.appid ? { appid: query.appid } : {}) as never),
  ]);
  return {
    figures: { trend, os, brand, type } as StatisticsFigures,
    totals: totals as Totals,
    perApp: perApp as PerApp,
    yesterday: yesterday as Yesterday,
  };
}

/**
 * /appmanage/appstatistics (应用统计): yesterday's figures, then over a chosen period and
 * application the totals, starts and downloads per day, and starts by OS, brand and device type.
 */
export default function StatisticsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const [apps, setApps] = useState<Choice[]>([]);
  const [appid, setAppid] = useState<string>();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    loadApps().then(setApps, () => undefined);
  }, []);
  useEffect(() => {
    let live = true;
    setLoaded(undefined);
    loadAll({ beginDate: range[0].format(DAY), endDate: range[1].format(DAY), ...(appid ? { appid } : {}) }).then(
      (answer) => live && setLoaded(answer),
      () => undefined, // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [range, appid]);

  const titles = useMemo(
    () => ({
      trend: t('appManageScreen.trend'),
      starts: t('appManageScreen.starts'),
      downloads: t('appManageScreen.downloads'),
      os: t('appManageScreen.byOs'),
      brand: t('appManageScreen.byBrand'),
      type: t('appManageScreen.byType'),
    }),
    [t],
  );
  const y = loaded?.yesterday;

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <Select
            allowClear
            placeholder={t('appManageScreen.allApps')}
            options={apps}
            value={appid}
            onChange={(value) => setAppid(value)}
            style={{ minWidth: 180, maxWidth: '100%' }}
            data-testid="stats-app"
          />
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            aria-label={t('appManageScreen.period')}
          />
        </Flex>
      </Card>
      <Card size="small" title={t('appManageScreen.yesterday', { day: y?.day ?? '' })}>
        <Flex wrap gap={32} data-testid="stats-yesterday">
          <Statistic
            title={t('appManageScreen.yesterdayStarts')}
            value={y?.starts ?? '-'}
            suffix={<small>{t('appManageScreen.dayBefore', { value: y?.startsDayBefore ?? '-' })}</small>}
          />
          <Statistic title={t('appManageScreen.yesterdayBrands')} value={y?.brands ?? '-'} />
          <Statistic
            title={t('appManageScreen.yesterdayDownloads')}
            value={y?.downloads ?? '-'}
            suffix={<small>{t('appManageScreen.dayBefore', { value: y?.downloadsDayBefore ?? '-' })}</small>}
          />
        </Flex>
      </Card>
      <Card size="small" title={t('appManageScreen.period')}>
        <Flex wrap gap={32} data-testid="stats-totals">
          <Statistic title={t('appManageScreen.starts')} value={loaded?.totals.starts ?? '-'} />
          <Statistic title={t('appManageScreen.brands')} value={loaded?.totals.brands ?? '-'} />
          <Statistic title={t('appManageScreen.apps')} value={loaded?.totals.apps ?? '-'} />
          <Statistic title={t('appManageScreen.downloads')} value={loaded?.totals.downloads ?? '-'} />
        </Flex>
      </Card>
      <Card size="small">
        <Suspense fallback={<Spin />}>{loaded ? <StatisticsCharts figures={loaded.figures} titles={titles} /> : <Spin />}</Suspense>
      </Card>
      <Card size="small" title={t('appManageScreen.byApp')}>
        <Table
          size="small"
          rowKey="appId"
          pagination={false}
          dataSource={loaded?.perApp ?? []}
          locale={{ emptyText: t('appManageScreen.noData') }}
          columns={[
            { title: t('appManageScreen.application'), dataIndex: 'name' },
            { title: t('appManageScreen.starts'), dataIndex: 'value', width: 120 },
          ]}
          data-testid="stats-per-app"
        />
      </Card>
    </Flex>
  );
}
