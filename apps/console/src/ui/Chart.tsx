/**
 * A line chart of daily counts with uPlot (small, canvas-drawn). The canvas is an image to
 * assistive technology, labelled with what it shows; the same numbers are in a table beside it
 * (ChartTable), so nothing is only in the picture.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface Series {
  label: string;
  values: number[];
  colour: string;
}

export function DailyChart({ label, days, series }: { label: string; days: string[]; series: Series[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    // No canvas (a test's DOM): the table carries the figures.
    if (!element || !document.createElement('canvas').getContext?.('2d')) return;
    const width = Math.max(280, Math.min(element.clientWidth || 640, 960));
    const plot = new uPlot(
      {
        width,
        height: 220,
        series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.colour, width: 2 }))],
        axes: [{}, { size: 40 }],
        // The legend is the table beside the chart (a clickable legend inside an image would be lost to a screen reader).
        legend: { show: false },
        cursor: { show: true },
      },
      [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((line) => line.values)],
      element,
    );
    return () => plot.destroy();
  }, [days, series]);
  return <div ref={box} className="chart" role="img" aria-label={label} />;
}
