/**
 * The suite's two apexcharts (spec §2.7): friends by category (pie) and storage
 * utilization (doughnut). This module is the only one that imports apexcharts, and
 * it is loaded with React.lazy (lazy-charts.tsx): the ~150 KB gzip of the chart
 * library never weighs on the first screen.
 */
import ReactApexChart from 'react-apexcharts';

/**
 * react-apexcharts 1.7.0 ships CommonJS with `exports.default`; bundled as ESM its default
 * import is the module object, so take `.default` when it is there.
 */
const Chart = ((ReactApexChart as unknown as { default?: typeof ReactApexChart }).default ?? ReactApexChart) as typeof ReactApexChart;

export type Slice = { label: string; value: number };

const LEGEND = { position: 'bottom' as const, fontSize: '12px' };
/** Six distinct colours: the pie has up to five categories plus 'Others' (apexcharts repeats after five). */
const COLORS = ['#1e56c8', '#1f9d6b', '#f59f00', '#e03131', '#7048e8', '#868e96'];

export function FriendsPie({ slices }: { slices: Slice[] }) {
  return (
    <Chart
      type="pie"
      height={260}
      series={slices.map((s) => s.value)}
      options={{
        labels: slices.map((s) => s.label),
        legend: LEGEND,
        colors: COLORS,
        dataLabels: { enabled: true },
        chart: { animations: { enabled: false }, fontFamily: 'inherit' },
      }}
    />
  );
}

export function UtilizationDoughnut({ slices, centre }: { slices: Slice[]; centre: string }) {
  return (
    <Chart
      type="donut"
      height={260}
      series={slices.map((s) => Math.round(s.value * 100) / 100)}
      options={{
        labels: slices.map((s) => s.label),
        legend: LEGEND,
        colors: COLORS,
        dataLabels: { enabled: false },
        tooltip: { y: { formatter: (v: number) => `${v} MB` } },
        chart: { animations: { enabled: false }, fontFamily: 'inherit' },
        plotOptions: {
          pie: { donut: { labels: { show: true, total: { show: true, label: 'Used', formatter: () => centre } } } },
        },
      }}
    />
  );
}
