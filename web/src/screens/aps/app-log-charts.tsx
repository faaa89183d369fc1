import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts these charts use; this module is loaded on demand, so echarts stays out of the page's own chunk.
echarts.use([BarChart, LineChart, PieChart, GridComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export interface AppLogFigures {
  perDay: { day: string; count: number }[];
  perApp: { name: string; value: number }[];
  perType: { name: string; value: number }[];
}

/** Draws one chart into a box and follows the box's size. */
function Chart({ option, testId }: { option: echarts.EChartsCoreOption; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={ref} data-testid={testId} style={{ width: '100%', height: 260 }} />;
}

/** Opens per day (line), per application (bars, most opened first) and per application type (pie). */
export default function AppLogCharts({ figures, titles }: { figures: AppLogFigures; titles: [string, string, string] }) {
  const grid = { left: 40, right: 16, top: 36, bottom: 24, containLabel: true };
  const title = (text: string) => ({ text, left: 0, textStyle: { fontSize: 13 } });
  return (
    <div className="sso-app-log-charts" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 12 }}>
      <Chart
        testId="app-log-per-day"
        option={{
          title: title(titles[0]),
          tooltip: { trigger: 'axis' },
          grid,
          xAxis: { type: 'category', data: figures.perDay.map((d) => d.day) },
          yAxis: { type: 'value', minInterval: 1 },
          series: [{ type: 'line', smooth: true, areaStyle: {}, data: figures.perDay.map((d) => d.count) }],
        }}
      />
      <Chart
        testId="app-log-per-app"
        option={{
          title: title(titles[1]),
          tooltip: { trigger: 'axis' },
          grid,
          xAxis: { type: 'value', minInterval: 1 },
          yAxis: { type: 'category', inverse: true, data: figures.perApp.map((d) => d.name) },
          series: [{ type: 'bar', barMaxWidth: 18, data: figures.perApp.map((d) => d.value) }],
        }}
      />
      <Chart
        testId="app-log-per-type"
        option={{
          title: title(titles[2]),
          tooltip: { trigger: 'item' },
          series: [{ type: 'pie', radius: ['35%', '65%'], top: 24, data: figures.perType }],
        }}
      />
    </div>
  );
}
