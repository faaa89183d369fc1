import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the parts this chart uses; it lives in the lazy pages' chunks.
echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface SignInChartProps {
  hours: { ok: number[]; failed: number[] };
  labels: { ok: string; failed: string };
  color: string;
}

/** Today's sign-ins per hour, successful and failed stacked. */
export function SignInChart({ hours, labels, color }: SignInChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption({
      color: [color, '#ff4d4f'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: hours.ok.map((_, hour) => `${hour}:00`) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: labels.ok, type: 'bar', stack: 'sign-ins', data: hours.ok, barMaxWidth: 24 },
        { name: labels.failed, type: 'bar', stack: 'sign-ins', data: hours.failed, barMaxWidth: 24 },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [hours, labels, color]);
  return <div ref={ref} data-testid="sign-in-chart" style={{ width: '100%', height: 300 }} />;
}
