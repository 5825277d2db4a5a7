/**
 * The charts behind React.lazy: a chart card renders its frame and figures at once
 * and the chart itself when its chunk has loaded (offline too: the service worker
 * precaches every chunk).
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { Slice } from './suite-charts';

const Pie = lazy(() => import('./suite-charts').then((m) => ({ default: m.FriendsPie })));
const Doughnut = lazy(() => import('./suite-charts').then((m) => ({ default: m.UtilizationDoughnut })));

const fallback = (
  <Center h={260}>
    <Loader size="sm" role="status" aria-label="Loading chart" />
  </Center>
);

export function LazyFriendsPie({ slices }: { slices: Slice[] }) {
  return (
    <Suspense fallback={fallback}>
      <Pie slices={slices} />
    </Suspense>
  );
}

export function LazyUtilizationDoughnut({ slices, centre }: { slices: Slice[]; centre: string }) {
  return (
    <Suspense fallback={fallback}>
      <Doughnut slices={slices} centre={centre} />
    </Suspense>
  );
}
