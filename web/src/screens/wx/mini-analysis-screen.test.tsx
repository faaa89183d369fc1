import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.js';
import { fakeFetch, page } from '../../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback } from '../../test/ui.testkit.js';
import MiniAnalysisScreen from './mini-analysis-screen.js';

// The options each chart is given, by its box's test id (jsdom has no canvas to draw on).
const drawn = vi.hoisted(() => new Map<string, { series: { name?: string; data: unknown[] }[]; xAxis?: { data?: unknown[] } }>());
vi.mock('echarts/core', () => ({
  use: () => undefined,
  init: (box: HTMLElement) => ({
    setOption: (option: never) => drawn.set(box.dataset.testid ?? '', option),
    resize: () => undefined,
    dispose: () => undefined,
  }),
}));

const retain = (ref_date: string, fresh: number[], all: number[]) => ({
  ref_date,
  visit_uv_new: fresh.map((value, key) => ({ key, value })),
  visit_uv: all.map((value, key) => ({ key, value })),
});
const mini = '/api/blade-appmanage/mini';
const routes = {
  'GET /api/blade-appmanage/wxapp/page': (q: URLSearchParams) =>
    page(q.get('appType') === '2' ? [{ id: '21', name: '钢铁商城', appId: 'wx00000000000000a1', appType: 2 }] : []),
  [`GET ${mini}/DailyVisitTrendList`]: () => ({
    list: [
      { ref_date: '20261124', session_cnt: 10, visit_pv: 40, visit_uv: 8, visit_uv_new: 3 },
      { ref_date: '20261125', session_cnt: 12, visit_pv: 50, visit_uv: 9, visit_uv_new: 2 },
    ],
  }),
  [`GET ${mini}/getDailyRetainInfoList`]: () => ({ list: [retain('20261124', [3, 1], [8, 5]), retain('20261125', [2, 2], [9, 6])] }),
  [`GET ${mini}/getLastWeekRetainInfo`]: () => retain('20261116-20261122', [30, 12], [80, 40]),
  [`GET ${mini}/getLastMonthRetainInfo`]: () => retain('20261001-20261031', [120, 30], [300, 90]),
  [`GET ${mini}/getDailySummaryTrend`]: () => ({
    list: [
      { ref_date: '20261124', visit_total: 500, share_pv: 7, share_uv: 4 },
      { ref_date: '20261125', visit_total: 502, share_pv: 3, share_uv: 2 },
    ],
  }),
  [`GET ${mini}/getVisitDistribution`]: () => ({
    ref_date: '20261125',
    list: [
      {
        index: 'access_source_session_cnt',
        item_list: [
          { key: 2, value: 6 },
          { key: 4, value: 4 },
          { key: 5, value: 0 },
        ],
      },
      { index: 'access_staytime_info', item_list: [{ key: 1, value: 5 }] },
      { index: 'access_depth_info', item_list: [{ key: 2, value: 3 }] },
    ],
  }),
  [`GET ${mini}/getUserPortrait`]: () => ({
    ref_date: '20261125',
    visit_uv_new: {},
    visit_uv: {
      province: [
        { id: 31, name: '广东省', value: 3 },
        { id: 32, name: '上海市', value: 6 },
      ],
      genders: [
        { id: 1, name: '男', value: 5 },
        { id: 2, name: '女', value: 4 },
      ],
      platforms: [{ id: 2, name: 'Android', value: 9 }],
      ages: [{ id: 3, name: '25-29岁', value: 9 }],
    },
  }),
  [`GET ${mini}/getVisitPage`]: () => ({
    ref_date: '20261125',
    list: [{ page_path: 'pages/order/list', page_visit_pv: 30, page_visit_uv: 7 }],
  }),
};
const menu = { id: '1', code: 'mini', name: '小程序分析', rawPath: '/appmanage/mini' };

describe('the mini program analysis screen', () => {
  beforeEach(() => {
    grant('mini');
    drawn.clear();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks every chart of the chosen mini program over the range ending yesterday and draws them', async () => {
    const end = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    const begin = dayjs().subtract(30, 'day').format('YYYY-MM-DD');
    const calls = fakeFetch(routes);
    renderWithFeedback(<MiniAnalysisScreen menu={menu} />);
    await waitFor(() => expect(drawn.get('mini-genders')).toBeTruthy(), { timeout: 20_000 });

    const call = (name: string) => calls.find((c) => c.path === `${mini}/${name}`)?.query;
    expect(Object.fromEntries(call('DailyVisitTrendList') ?? [])).toEqual({ appid: '21', startTime: begin, endTime: end });
    for (const name of ['getDailyRetainInfoList', 'getDailySummaryTrend']) {
      expect(Object.fromEntries(call(name) ?? [])).toEqual({ appid: '21', beginDate: begin, endDate: end });
    }
    for (const name of ['getLastWeekRetainInfo', 'getLastMonthRetainInfo', 'getVisitDistribution', 'getUserPortrait', 'getVisitPage']) {
      expect(Object.fromEntries(call(name) ?? [])).toEqual({ appid: '21', endDate: end });
    }

    const visits = drawn.get('mini-visits');
    expect(visits?.xAxis?.data).toEqual(['2026-11-24', '2026-11-25']);
    expect(visits?.series.map((s) => [s.name, s.data])).toEqual([
      ['打开次数', [10, 12]],
      ['访问次数', [40, 50]],
      ['访问人数', [8, 9]],
      ['新用户数', [3, 2]],
    ]);
    expect(drawn.get('mini-retain-daily')?.series.map((s) => s.data)).toEqual([
      [3, 2],
      [1, 2],
    ]);
    expect(drawn.get('mini-retain-week')?.series.map((s) => s.data)).toEqual([
      [30, 12],
      [80, 40],
    ]);
    expect(drawn.get('mini-retain-month')?.series[1]?.data).toEqual([300, 90]);
    expect(drawn.get('mini-summary')?.series[0]?.data).toEqual([500, 502]);
    // Visits with no sessions from a source are left out.
    expect(drawn.get('mini-dist-source')?.series[0]?.data).toEqual([
      { name: '搜索', value: 6 },
      { name: '扫一扫二维码', value: 4 },
    ]);
    expect(drawn.get('mini-provinces')?.series[0]?.data).toEqual([6, 3]);
    expect(drawn.get('mini-genders')?.series[0]?.data).toEqual([
      { name: '男', value: 5 },
      { name: '女', value: 4 },
    ]);
    expect(drawn.get('mini-ages')?.series[0]?.data).toEqual([9]);
    expect(await screen.findByText('pages/order/list')).toBeTruthy();
  });

  it('names sources, provinces and genders in English on the English screen', async () => {
    await i18n.changeLanguage('en');
    fakeFetch(routes);
    renderWithFeedback(<MiniAnalysisScreen menu={menu} />);
    await waitFor(() => expect(drawn.get('mini-genders')).toBeTruthy(), { timeout: 20_000 });
    expect(drawn.get('mini-genders')?.series[0]?.data).toEqual([
      { name: 'Male', value: 5 },
      { name: 'Female', value: 4 },
    ]);
    expect((drawn.get('mini-provinces') as { yAxis?: { data?: unknown[] } } | undefined)?.yAxis?.data).toEqual(['Shanghai', 'Guangdong']);
    expect(drawn.get('mini-dist-source')?.series[0]?.data).toEqual([
      { name: 'Search', value: 6 },
      { name: 'Scanned QR code', value: 4 },
    ]);
    expect(drawn.get('mini-visits')?.series[0]?.name).toBe('Sessions');
  });

  it('says so when the tenant has no mini program', async () => {
    fakeFetch({ 'GET /api/blade-appmanage/wxapp/page': () => page([]) });
    renderWithFeedback(<MiniAnalysisScreen menu={menu} />);
    expect(await screen.findByText('还没有小程序应用，请先在“公众号应用”中添加类型为小程序的应用')).toBeTruthy();
  });
});
