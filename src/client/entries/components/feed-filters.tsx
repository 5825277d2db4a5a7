/**
 * The shortcut filters of spec §2.4: choosing one filters the feed by its feature code;
 * choosing the chosen one again (toggling) resets the filter to none.
 */
import { Button, Group, Paper, Stack } from '@mantine/core';
import { memo } from 'react';
import { FEED_FILTER } from '../../../contract/codes';

export type FeedFilter = { label: string; code: number };

export const HOME_FILTERS: FeedFilter[] = [
  { label: 'Entry', code: FEED_FILTER.entry },
  { label: 'Poll', code: FEED_FILTER.poll },
  { label: 'Occasion', code: FEED_FILTER.occasion },
  { label: 'Transit', code: FEED_FILTER.transit },
  { label: 'Archive', code: FEED_FILTER.archive },
  { label: 'Tags', code: FEED_FILTER.tags },
];

/** Own suite, another member's suite, circle and slate suites. */
export const SUITE_FILTERS: FeedFilter[] = [
  { label: 'Entry', code: FEED_FILTER.entry },
  { label: 'Poll', code: FEED_FILTER.poll },
  { label: 'Occasion', code: FEED_FILTER.occasion },
  { label: 'Transit', code: FEED_FILTER.transit },
  { label: 'Gallery', code: FEED_FILTER.gallery },
  { label: 'Tags', code: FEED_FILTER.tags },
];

export type FeedFiltersProps = {
  filters: FeedFilter[];
  value: number | undefined;
  onChange: (code: number | undefined) => void;
  /** The suites' filter is vertical (spec §2.4); home's sits above its column. */
  vertical?: boolean;
};

/**
 * Memoized: the feed around it re-renders as its pulls start and end and its rows arrive
 * (three times as home opens), and the filters' six buttons (~40 components) have nothing
 * new to show then (issue 32: home's blocking time).
 */
export const FeedFilters = memo(function FeedFilters({ filters, value, onChange, vertical }: FeedFiltersProps) {
  const Layout = vertical ? Stack : Group;
  return (
    <Paper withBorder radius="md" p={6} component="nav" aria-label="Feed filters">
      <Layout gap={4}>
        {filters.map((f) => (
          <Button
            key={f.code}
            size="compact-sm"
            variant={value === f.code ? 'filled' : 'subtle'}
            aria-pressed={value === f.code}
            onClick={() => onChange(value === f.code ? undefined : f.code)}
          >
            {f.label}
          </Button>
        ))}
      </Layout>
    </Paper>
  );
});
