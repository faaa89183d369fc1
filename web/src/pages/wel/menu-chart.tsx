import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts this chart uses: the whole of echarts would triple the page's size.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** A bar chart of label → value, resized with its container. */
export function BarChartView({ data, color }: { data: { name: string; value: number }[]; color: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption({
      color: [color],
      tooltip: { trigger: 'axis' },
      grid: { left: 40, right: 16, top: 16, bottom: 60 },
      xAxis: { type: 'category', data: data.map((d) => d.name), axisLabel: { rotate: 30 } },
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
  return <div ref={ref} style={{ width: '100%', height: 320 }} />;
}
