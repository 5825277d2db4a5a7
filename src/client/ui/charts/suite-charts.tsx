/**
 * The suite's two apexcharts (spec §2.7): friends by category (pie) and storage
 * utilization (doughnut). This module is the only one that imports apexcharts, and
 * it is loaded with React.lazy (lazy-charts.tsx): the ~150 KB gzip of the chart
 * library never weighs on the first screen.
 */
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import ReactApexChart from 'react-apexcharts';

/**
 * react-apexcharts 1.7.0 ships CommonJS with `exports.default`; bundled as ESM its default
 * import is the module object, so take `.default` when it is there.
 */
const Chart = ((ReactApexChart as unknown as { default?: typeof ReactApexChart }).default ?? ReactApexChart) as typeof ReactApexChart;

export type Slice = { label: string; value: number };

/**
 * The page's text and background in the current colour scheme: apexcharts draws its legend,
 * its centre label and the gaps between slices with colours of its own (dark grey on white),
 * which vanish on the dark scheme's page. SVG attributes cannot read CSS variables, so these
 * are the theme's values.
 */
function useChartColours() {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const text = dark ? theme.colors.dark[0] : theme.black;
  const page = dark ? theme.colors.dark[7] : theme.white;
  return {
    legend: { position: 'bottom' as const, fontSize: '12px', labels: { colors: text } },
    stroke: { colors: [page] },
    text,
  };
}
/** Six distinct colours: the pie has up to five categories plus 'Others' (apexcharts repeats after five). */
const COLORS = ['#1e56c8', '#1f9d6b', '#f59f00', '#e03131', '#7048e8', '#868e96'];

export function FriendsPie({ slices }: { slices: Slice[] }) {
  const colours = useChartColours();
  return (
    <Chart
      type="pie"
      height={260}
      series={slices.map((s) => s.value)}
      options={{
        labels: slices.map((s) => s.label),
        legend: colours.legend,
        stroke: colours.stroke,
        colors: COLORS,
        dataLabels: { enabled: true },
        chart: { animations: { enabled: false }, fontFamily: 'inherit' },
      }}
    />
  );
}

export function UtilizationDoughnut({ slices, centre }: { slices: Slice[]; centre: string }) {
  const colours = useChartColours();
  return (
    <Chart
      type="donut"
      height={260}
      series={slices.map((s) => Math.round(s.value * 100) / 100)}
      options={{
        labels: slices.map((s) => s.label),
        legend: colours.legend,
        stroke: colours.stroke,
        colors: COLORS,
        dataLabels: { enabled: false },
        tooltip: { y: { formatter: (v: number) => `${v} MB` } },
        chart: { animations: { enabled: false }, fontFamily: 'inherit' },
        plotOptions: {
          pie: {
            donut: {
              labels: {
                show: true,
                name: { color: colours.text },
                value: { color: colours.text },
                total: { show: true, label: 'Used', color: colours.text, formatter: () => centre },
              },
            },
          },
        },
      }}
    />
  );
}
