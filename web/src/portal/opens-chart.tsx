import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts this chart uses. SVG: a handful of bars stay sharp on any screen, and the day
// labels are text in the page (read by screen readers and checked by the browser tests).
echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export interface DayCount {
  /** The day as MM-dd. */
  name: string;
  value: number;
}

/**
 * The caller's opens per day as bars, one per day the server answered (it answers every day of
 * the period, 0 included). Every day is labelled, at phone width too: echarts would otherwise
 * leave out labels it finds crowded.
 */
export function OpensChart({ data, color }: { data: DayCount[]; color: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current, undefined, { renderer: 'svg' });
    chart.setOption({
      color: [color],
      tooltip: { trigger: 'axis' },
      grid: { left: 36, right: 12, top: 16, bottom: 28 },
      xAxis: { type: 'category', data: data.map((d) => d.name), axisLabel: { interval: 0, hideOverlap: false } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: data.map((d) => d.value), barMaxWidth: 32 }],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [data, color]);
  return <div ref={ref} data-testid="opens-chart" style={{ width: '100%', height: 280 }} />;
}
