import { Card, Empty, Segmented, Table } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MiniFigures, type PortraitPart, type Retain, showDay, type VisitPage } from './mini-figures.js';
import { type MiniLabelKind, miniLabel, provinceLabel } from './mini-labels.js';
import './wx-strings.js';

// Only the parts these charts use; this module is loaded on demand, so echarts stays out of the page's own chunk.
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

type Option = echarts.EChartsCoreOption;
type NameValue = { name: string; value: number }[];

/** Draws one chart into a box and follows the box's size. */
function Chart({ option, testId, height = 280 }: { option: Option; testId: string; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  // Options are plain data: the chart is drawn again only when they change, not on every render.
  const drawn = JSON.stringify(option);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption(JSON.parse(drawn) as Option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [drawn]);
  return <div ref={ref} data-testid={testId} style={{ width: '100%', height }} />;
}

const title = (text: string) => ({ text, left: 0, textStyle: { fontSize: 13 } });
const grid = (titled: boolean) => ({ left: 40, right: 16, top: titled ? 72 : 40, bottom: 24, containLabel: true });
const legend = (titled: boolean, names: string[]) => ({ top: titled ? 30 : 0, left: 0, data: names });
const n = (value: number | undefined) => value ?? 0;

/**
 * Lines per day, without a title of their own (their card has it). Series with `right` are read on
 * a second axis: shares beside a total of users thousands of times larger.
 */
function lines(days: string[], series: { name: string; data: number[]; right?: boolean }[]): Option {
  const twoAxes = series.some((s) => s.right);
  const axis = { type: 'value', minInterval: 1 };
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(
      false,
      series.map((s) => s.name),
    ),
    grid: grid(false),
    xAxis: { type: 'category', data: days },
    yAxis: twoAxes ? [axis, { ...axis, splitLine: { show: false } }] : axis,
    series: series.map(({ right, ...s }) => ({ ...s, type: 'line', smooth: true, ...(right ? { yAxisIndex: 1 } : {}) })),
  };
}
function bars(text: string, names: string[], series: { name: string; data: number[] }[], horizontal = false): Option {
  const category = { type: 'category', data: names, axisLabel: { interval: horizontal ? 0 : 'auto', hideOverlap: true } };
  const value = { type: 'value', minInterval: 1 };
  const many = series.length > 1;
  return {
    title: title(text),
    tooltip: { trigger: 'axis' },
    legend: many
      ? legend(
          true,
          series.map((s) => s.name),
        )
      : undefined,
    grid: grid(many),
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: series.map((s) => ({ ...s, type: 'bar' })),
  };
}
const pie = (text: string, data: NameValue): Option => ({
  title: title(text),
  tooltip: { trigger: 'item' },
  series: [{ type: 'pie', radius: ['35%', '62%'], top: 24, data }],
});

/** A chart, or the empty note when there is nothing to draw. */
function Drawn({ empty, option, testId, height }: { empty: boolean; option: () => Option; testId: string; height?: number }) {
  const { t } = useTranslation();
  const built = empty ? undefined : option();
  if (!built) return <Empty data-testid={`${testId}-empty`} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wx.noData')} />;
  return <Chart option={built} testId={testId} height={height} />;
}

const gridStyle = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))', gap: 12 } as const;
const Section = ({ heading, children }: { heading: string; children: ReactNode }) => (
  <Card size="small" title={heading}>
    {children}
  </Card>
);

/**
 * The mini program analysis's charts: visits per day, retention (daily, last week, last month),
 * total users and shares, the day's visit distribution and user portrait, and its pages.
 */
export default function MiniCharts({ figures }: { figures: MiniFigures }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [who, setWho] = useState<'visit_uv' | 'visit_uv_new'>('visit_uv');
  const endDay = showDay(figures.distribution?.ref_date ?? figures.portrait?.ref_date ?? figures.visits.at(-1)?.ref_date ?? '');

  const v = figures.visits;
  const visits = () =>
    lines(
      v.map((d) => showDay(d.ref_date)),
      [
        { name: t('wx.sessions'), data: v.map((d) => n(d.session_cnt)) },
        { name: t('wx.visitPv'), data: v.map((d) => n(d.visit_pv)) },
        { name: t('wx.visitUv'), data: v.map((d) => n(d.visit_uv)) },
        { name: t('wx.visitUvNew'), data: v.map((d) => n(d.visit_uv_new)) },
      ],
    );

  const r = figures.retain;
  const at = (row: Retain, key: number) => n(row.visit_uv_new.find((kv) => kv.key === key)?.value);
  const daily = () =>
    bars(
      t('wx.retentionDaily'),
      r.map((d) => showDay(d.ref_date)),
      [
        { name: t('wx.visitUvNew'), data: r.map((d) => at(d, 0)) },
        { name: t('wx.afterDays', { n: 1 }), data: r.map((d) => at(d, 1)) },
      ],
    );

  const period = (row: Retain | undefined, heading: string, unit: 'Weeks' | 'Months') => () => {
    const keys = [...new Set([...(row?.visit_uv_new ?? []), ...(row?.visit_uv ?? [])].map((kv) => kv.key))].sort((a, b) => a - b);
    const value = (list: Retain['visit_uv'] | undefined, key: number) => n(list?.find((kv) => kv.key === key)?.value);
    return bars(
      `${heading} ${showDay(row?.ref_date ?? '')}`,
      keys.map((key) => (key === 0 ? t(`wx.period${unit}`) : t(`wx.after${unit}`, { n: key }))),
      [
        { name: t('wx.retainNew'), data: keys.map((key) => value(row?.visit_uv_new, key)) },
        { name: t('wx.retainAll'), data: keys.map((key) => value(row?.visit_uv, key)) },
      ],
    );
  };
  const lastWeek = period(figures.lastWeek, t('wx.lastWeek'), 'Weeks');
  const lastMonth = period(figures.lastMonth, t('wx.lastMonth'), 'Months');

  const s = figures.summary;
  const summary = () =>
    lines(
      s.map((d) => showDay(d.ref_date)),
      [
        { name: t('wx.visitTotal'), data: s.map((d) => n(d.visit_total)) },
        { name: t('wx.sharePv'), data: s.map((d) => n(d.share_pv)), right: true },
        { name: t('wx.shareUv'), data: s.map((d) => n(d.share_uv)), right: true },
      ],
    );

  const distributionOf = (index: string, kind: MiniLabelKind) =>
    (figures.distribution?.list.find((d) => d.index === index)?.item_list ?? [])
      .filter((kv) => kv.value > 0)
      .map((kv) => ({ name: miniLabel(kind, kv.key, language), value: kv.value }));
  const sources = distributionOf('access_source_session_cnt', 'source');
  const stays = distributionOf('access_staytime_info', 'stay');
  const depths = distributionOf('access_depth_info', 'depth');

  const part: PortraitPart = figures.portrait?.[who] ?? {};
  const named = (list: PortraitPart['genders'], kind: MiniLabelKind) =>
    (list ?? []).map((d) => ({ name: miniLabel(kind, d.id ?? -1, language, d.name), value: d.value }));
  const provinces = [...(part.province ?? [])]
    .sort((a, b) => b.value - a.value)
    .slice(0, 15)
    .map((d) => ({ name: provinceLabel(d.name ?? '', language), value: d.value }));
  const genders = named(part.genders, 'gender');
  const platforms = named(part.platforms, 'platform');
  const ages = named(part.ages, 'age');

  const pages = [...figures.pages].sort((a, b) => n(b.page_visit_pv) - n(a.page_visit_pv));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Section heading={t('wx.visitTrend')}>
        <Drawn empty={!figures.visits.length} option={visits} testId="mini-visits" />
      </Section>
      <Section heading={t('wx.retention')}>
        <div style={gridStyle}>
          <Drawn empty={!figures.retain.length} option={daily} testId="mini-retain-daily" />
          <Drawn empty={!figures.lastWeek?.visit_uv_new.length} option={lastWeek} testId="mini-retain-week" />
          <Drawn empty={!figures.lastMonth?.visit_uv_new.length} option={lastMonth} testId="mini-retain-month" />
        </div>
      </Section>
      <Section heading={t('wx.summary')}>
        <Drawn empty={!figures.summary.length} option={summary} testId="mini-summary" />
      </Section>
      <Section heading={t('wx.distribution', { day: endDay })}>
        <div style={gridStyle}>
          <Drawn empty={!sources.length} option={() => pie(t('wx.distSource'), sources)} testId="mini-dist-source" />
          <Drawn empty={!stays.length} option={() => pie(t('wx.distStay'), stays)} testId="mini-dist-stay" />
          <Drawn empty={!depths.length} option={() => pie(t('wx.distDepth'), depths)} testId="mini-dist-depth" />
        </div>
      </Section>
      <Card
        size="small"
        title={t('wx.portrait', { day: showDay(figures.portrait?.ref_date ?? endDay) })}
        extra={
          <Segmented
            size="small"
            value={who}
            onChange={(value) => setWho(value as typeof who)}
            options={[
              { value: 'visit_uv', label: t('wx.activeUsers') },
              { value: 'visit_uv_new', label: t('wx.newUsers') },
            ]}
          />
        }
      >
        <div style={gridStyle}>
          <Drawn
            empty={!provinces.length}
            option={() =>
              bars(
                t('wx.provinces'),
                provinces.map((p) => p.name),
                [{ name: t('wx.visitUv'), data: provinces.map((p) => p.value) }],
                true,
              )
            }
            testId="mini-provinces"
            height={360}
          />
          <Drawn empty={!genders.length} option={() => pie(t('wx.genders'), genders)} testId="mini-genders" />
          <Drawn empty={!platforms.length} option={() => pie(t('wx.platforms'), platforms)} testId="mini-platforms" />
          <Drawn
            empty={!ages.length}
            option={() =>
              bars(
                t('wx.ages'),
                ages.map((a) => a.name),
                [{ name: t('wx.visitUv'), data: ages.map((a) => a.value) }],
              )
            }
            testId="mini-ages"
          />
        </div>
      </Card>
      <Section heading={t('wx.pages', { day: endDay })}>
        <Table<VisitPage>
          size="small"
          rowKey="page_path"
          dataSource={pages}
          pagination={pages.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: t('wx.noData') }}
          scroll={{ x: 'max-content' }}
          data-testid="mini-pages"
          columns={[
            { title: t('wx.pageCol'), dataIndex: 'page_path' },
            { title: t('wx.pagePv'), dataIndex: 'page_visit_pv' },
            { title: t('wx.pageUv'), dataIndex: 'page_visit_uv' },
            { title: t('wx.pageStay'), dataIndex: 'page_staytime_pv' },
            { title: t('wx.entryPv'), dataIndex: 'entrypage_pv' },
            { title: t('wx.exitPv'), dataIndex: 'exitpage_pv' },
            { title: t('wx.sharePagePv'), dataIndex: 'page_share_pv' },
          ]}
        />
      </Section>
    </div>
  );
}
