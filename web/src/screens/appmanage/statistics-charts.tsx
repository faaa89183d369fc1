import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts these charts use; this module is loaded on demand, so echarts stays out of the page's own chunk.
echarts.use([LineChart, PieChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

type NameValue = { name: string; value: number }[];

export interface StatisticsFigures {
  trend: { day: string; starts: number; downloads: number }[];
  os: NameValue;
  brand: NameValue;
  type: NameValue;
}

export interface ChartTitles {
  trend: string;
  starts: string;
  downloads: string;
  os: string;
  brand: string;
  type: string;
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
  return <div ref={ref} data-testid={testId} style={{ width: '100%', height: 280 }} />;
}

const title = (text: string) => ({ text, left: 0, textStyle: { fontSize: 13 } });
const pie = (text: string, data: NameValue) => ({
  title: title(text),
  tooltip: { trigger: 'item' },
  series: [{ type: 'pie', radius: ['35%', '62%'], top: 24, data }],
});

/** Starts and downloads per day (two lines), and starts by OS, brand and device type (pies). */
export default function StatisticsCharts({ figures, titles }: { figures: StatisticsFigures; titles: ChartTitles }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))', gap: 12 }}>
      <div style={{ gridColumn: '1 / -1' }}>
        <Chart
          testId="app-stats-trend"
          option={{
            title: title(titles.trend),
            tooltip: { trigger: 'axis' },
            legend: { top: 0, right: 0, data: [titles.starts, titles.downloads] },
            grid: { left: 40, right: 16, top: 40, bottom: 24, containLabel: true },
            xAxis: { type: 'category', data: figures.trend.map((d) => d.day) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              { name: titles.starts, type: 'line', smooth: true, data: figures.trend.map((d) => d.starts) },
              { name: titles.downloads, type: 'line', smooth: true, data: figures.trend.map((d) => d.downloads) },
            ],
          }}
        />
      </div>
      <Chart testId="app-stats-os" option={pie(titles.os, figures.os)} />
      <Chart testId="app-stats-brand" option={pie(titles.brand, figures.brand)} />
      <Chart testId="app-stats-type" option={pie(titles.type, figures.type)} />
    </div>
  );
}
