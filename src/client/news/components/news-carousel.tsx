/**
 * The news carousel (spec §9: autoplay, speed 500 ms): one story at a time sliding in over
 * 500 ms, the next every AUTOPLAY_MS. It stands still while the pointer is over it or focus
 * is inside it, when the member pressed Pause (WCAG 2.2.2: moving content can be stopped),
 * and for members who ask for reduced motion (then it neither moves nor slides). Previous
 * and Next step through by hand; the slide's position is announced politely.
 */
import { ActionIcon, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { useEffect, useState } from 'react';
import type { NewsItem } from '../../../contract/news';
import { IconChevronRight } from '../../ui/icons';
import { usePrefersReducedMotion } from '../../ui/use-media';
import classes from './news-carousel.module.css';

export const AUTOPLAY_MS = 6000;

function Slide({ item }: { item: NewsItem }) {
  return (
    <Stack gap={6} className={classes.slide}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" size="sm">
          {item.newsTypeName}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDistanceToNow(parseISO(item.lastUpdatedTime), { addSuffix: true })}
        </Text>
      </Group>
      <Anchor href={item.newsReference} target="_blank" rel="noopener noreferrer" fw={600} c="inherit" underline="hover" lineClamp={3}>
        {item.newsHeading}
      </Anchor>
    </Stack>
  );
}

export function NewsCarousel({ items }: { items: NewsItem[] }) {
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const [paused, setPaused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const count = items.length;
  const at = count === 0 ? 0 : index % count;
  const moving = !reduced && !paused && !held && count > 1;

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [moving, count]);

  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Live news"
      className={classes.carousel}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setHeld(false)}
    >
      <div className={classes.viewport}>
        <div className={classes.track} data-still={reduced || undefined} style={{ transform: `translateX(-${at * 100}%)` }}>
          {items.map((item, i) => (
            <div key={item.newsCode} className={classes.cell} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} aria-hidden={i !== at} inert={i !== at}>
              <Slide item={item} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <Group justify="space-between" mt="xs" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label="Previous story" onClick={() => step(-1)}>
              <IconChevronRight style={{ transform: 'rotate(180deg)' }} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" aria-label="Next story" onClick={() => step(1)}>
              <IconChevronRight />
            </ActionIcon>
            {!reduced && (
              <ActionIcon variant="subtle" color="gray" aria-label={paused ? 'Play the news' : 'Pause the news'} aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
                {paused ? <span aria-hidden="true">▶</span> : <span aria-hidden="true">❚❚</span>}
              </ActionIcon>
            )}
          </Group>
          <Text size="xs" c="dimmed" aria-live={moving ? 'off' : 'polite'}>
            {at + 1} / {count}
          </Text>
        </Group>
      )}
    </section>
  );
}
