import { Alert, Card, DatePicker, Empty, Flex, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import type { ScreenProps } from '../screen-props.js';
import type { Distribution, MiniFigures, Portrait, Retain, SummaryDay, VisitDay, VisitPage } from './mini-figures.js';
import { loadWxApps, type WxAppChoice } from './wx-apps.js';
import './wx-strings.js';

// echarts is large: it loads with the charts, after the figures.
const MiniCharts = lazy(() => import('./mini-charts.js'));

const DAY = 'YYYY-MM-DD';
/** WeChat has figures up to yesterday (China time; the server holds the range to that too). */
const yesterday = () => dayjs().subtract(1, 'day').startOf('day');
/** The longest range the server takes. */
const MAX_DAYS = 366;

type Range = [Dayjs, Dayjs];
type Loaded = { figures: MiniFigures } | { failure: string };

/**
 * Reads the figures of a mini program over a range: visits first (a refusal, such as WeChat being
 * out of reach, ends the loading there with its message rather than a toast for every chart),
 * then the rest side by side, each chart drawing what it got.
 */
async function loadFigures(appid: string, [begin, end]: Range): Promise<MiniFigures> {
  const mini = client.wechat.mini;
  const beginDate = begin.format(DAY);
  const endDate = end.format(DAY);
  const visits = await mini.DailyVisitTrendList({ appid, startTime: beginDate, endTime: endDate });
  const settled = <T,>(call: Promise<unknown>) =>
    call.then(
      (v) => v as T,
      () => undefined,
    );
  const [retain, lastWeek, lastMonth, summary, distribution, portrait, pages] = await Promise.all([
    settled<{ list: Retain[] }>(mini.getDailyRetainInfoList({ appid, beginDate, endDate })),
    settled<Retain>(mini.getLastWeekRetainInfo({ appid, endDate })),
    settled<Retain>(mini.getLastMonthRetainInfo({ appid, endDate })),
    settled<{ list: SummaryDay[] }>(mini.getDailySummaryTrend({ appid, beginDate, endDate })),
    settled<Distribution>(mini.getVisitDistribution({ appid, endDate })),
    settled<Portrait>(mini.getUserPortrait({ appid, endDate })),
    settled<{ list: VisitPage[] }>(mini.getVisitPage({ appid, endDate })),
  ]);
  return {
    visits: (visits.list ?? []) as VisitDay[],
    retain: retain?.list ?? [],
    lastWeek,
    lastMonth,
    summary: summary?.list ?? [],
    distribution,
    portrait,
    pages: pages?.list ?? [],
  };
}

/**
 * 小程序分析 (`registry.wechat.mini`): a mini program of the tenant (a wxapp of type 2) and a
 * range of days ending yesterday at the latest; its visits per day, retention, total users and
 * shares, and the last day's visit distribution, user portrait and pages, drawn with echarts.
 */
export default function MiniAnalysisScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [apps, setApps] = useState<WxAppChoice[]>();
  const [appid, setAppid] = useState<string>();
  const [range, setRange] = useState<Range>(() => [yesterday().subtract(29, 'day'), yesterday()]);
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    loadWxApps(2).then(
      (choices) => {
        setApps(choices);
        setAppid((current) => current ?? choices[0]?.value);
      },
      () => setApps([]),
    );
  }, []);

  useEffect(() => {
    if (!appid) return;
    let live = true;
    setLoaded(undefined);
    loadFigures(appid, range).then(
      (figures) => live && setLoaded({ figures }),
      (error: unknown) => live && setLoaded({ failure: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [appid, range]);

  const last = yesterday();
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Card size="small" title={menu?.name}>
        <Flex wrap gap={12} align="center">
          <Select
            placeholder={t('wx.chooseMini')}
            aria-label={t('wx.chooseMini')}
            options={apps}
            value={appid}
            loading={!apps}
            onChange={setAppid}
            style={{ minWidth: 260, maxWidth: '100%' }}
            data-testid="mini-app"
          />
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            aria-label={t('wx.period')}
            disabledDate={(day, info) => day.isAfter(last, 'day') || (info.from ? Math.abs(day.diff(info.from, 'day')) >= MAX_DAYS : false)}
            onChange={(value) => value?.[0] && value[1] && setRange([value[0].startOf('day'), value[1].startOf('day')])}
            data-testid="mini-range"
          />
          <Typography.Text type="secondary">{t('wx.periodHelp')}</Typography.Text>
        </Flex>
      </Card>
      {apps && apps.length === 0 ? (
        <Card size="small">
          <Empty description={t('wx.noMini')} />
        </Card>
      ) : !loaded ? (
        <Card size="small">
          <Spin />
        </Card>
      ) : 'failure' in loaded ? (
        <Alert type="warning" showIcon title={t('wx.loadFailed', { message: loaded.failure })} data-testid="mini-failure" />
      ) : (
        <Suspense fallback={<Spin />}>
          <MiniCharts figures={loaded.figures} />
        </Suspense>
      )}
    </Flex>
  );
}
