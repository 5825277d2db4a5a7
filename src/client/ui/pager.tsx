/**
 * A paged list's page links (spec/calls.md §9: "Pagination shows 5 links"): first,
 * previous, a window of at most five page numbers around the current one, next, last.
 * Hidden when everything fits on one page.
 */
import { Group, Pagination } from '@mantine/core';

const LINKS = 5;

export type PagerProps = { total: number; pageSize: number; value: number; onChange: (pageNo: number) => void; label: string };

/** The five page numbers to show: centred on `value` where the ends allow. */
export function pageWindow(value: number, pages: number, links = LINKS): number[] {
  const count = Math.min(links, pages);
  const start = Math.min(Math.max(1, value - Math.floor(links / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function Pager({ total, pageSize, value, onChange, label }: PagerProps) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Pagination.Root total={pages} value={value} onChange={onChange} size="sm" aria-label={label} mt="md">
      <Group gap={6} justify="center" component="nav" aria-label={label}>
        <Pagination.First aria-label="First page" />
        <Pagination.Previous aria-label="Previous page" />
        {pageWindow(value, pages).map((pageNo) => (
          <Pagination.Control
            key={pageNo}
            active={pageNo === value}
            onClick={() => onChange(pageNo)}
            aria-label={`Page ${pageNo}`}
            aria-current={pageNo === value ? 'page' : undefined}
          >
            {pageNo}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Next page" />
        <Pagination.Last aria-label="Last page" />
      </Group>
    </Pagination.Root>
  );
}
