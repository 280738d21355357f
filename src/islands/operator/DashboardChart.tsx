import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
// The legend's and cursor's styles; static, so the build puts them in the dashboard page's CSS.
import 'uplot/dist/uPlot.min.css';
import type { DashboardTable } from '@datekit/runtime/rules/dashboard-tables';
import { consoleDates } from './console-dates.ts';

/**
 * One daily table drawn as a line chart with uPlot (canvas, ~50 KB, loaded on the dashboard page
 * only, by a dynamic import so no other console page ships it). The canvas is an image to assistive
 * technology: its label names the table below it, which holds the same figures.
 */
export interface ChartSeries {
  label: string;
  /** Column of the table (index > 0). */
  column: number;
  /** Cents columns are drawn in whole units. */
  cents?: boolean;
}

// Colours with enough contrast on white, told apart by dash pattern too (not by colour alone).
const STROKES = ['#1f5fbf', '#b0470c', '#2a7a2a', '#7b3fa0', '#8a6d00', '#a0204a'];
const DASHES = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [1, 2]];

export function DashboardChart({
  table,
  series,
  label,
  testId,
  lang,
}: {
  table: DashboardTable;
  series: ChartSeries[];
  label: string;
  testId: string;
  lang: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dayLabel = useTranslation().t('op.dash.col.day');

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let stopped = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: 260 }));
    void import('uplot').then(({ default: UPlot }) => {
      if (stopped) return;
      const x = table.rows.map((row) => Date.parse(`${String(row[0])}T00:00:00Z`) / 1000);
      const ys = series.map((s) => table.rows.map((row) => Number(row[s.column] ?? 0) / (s.cents ? 100 : 1)));
      plot = new UPlot(
        {
          width: element.clientWidth || 600,
          height: 260,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { x: { time: true } },
          // The legend names the lines; live values would read "--" until the pointer is on the chart.
          legend: { live: false },
          series: [
            { label: dayLabel },
            ...series.map((s, i) => ({
              label: s.label,
              stroke: STROKES[i % STROKES.length],
              dash: DASHES[i % DASHES.length],
              width: 2,
            })),
          ],
          // Days written in the console's language (uPlot's own ticks are US English).
          axes: [
            {
              values: (_plot: uPlot, ticks: number[]) =>
                ticks.map((tick) => consoleDates(lang).dayShort(new Date(tick * 1000).toISOString().slice(0, 10))),
            },
            { size: 60 },
          ],
        },
        [x, ...ys],
        element,
      );
      observer.observe(element);
    });
    return () => {
      stopped = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [table, series, lang, dayLabel]);

  return <div ref={box} className="op-chart" role="img" aria-label={label} data-testid={testId} />;
}
