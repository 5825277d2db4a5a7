/**
 * A feed (spec §2.4) in any mode: the mirrored pages from Dexie at once, page 1 pulled
 * again whenever the mode, filter or search text changes or a new entry lands, and the
 * next page when the sentinel below the last card scrolls into view, until every record
 * is loaded. Offline the last feed seen shows; with nothing cached a failed pull shows
 * the error page.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { FeedSpec } from '../../store/feed-pages';
import type { PullResult } from '../../sync/api';
import { EmptyState } from '../../ui/empty-state';
import { IconFeed } from '../../ui/icons';
import { pullPage } from '../commands';
import { useFeed, useUnsentEntries } from '../queries';
import { FeedError } from './feed-error';
import { FeedFilters, type FeedFilter } from './feed-filters';
import { PostCard } from './post-card';
import classes from './feed.module.css';

export type FeedProps = { me: string; spec: Omit<FeedSpec, 'featureCode'>; filters?: FeedFilter[]; verticalFilters?: boolean };

export function Feed({ me, spec, filters, verticalFilters }: FeedProps) {
  const [featureCode, setFeatureCode] = useState<number | undefined>();
  const full: FeedSpec = { ...spec, featureCode };
  const view = useFeed(me, full);
  const unsent = useUnsentEntries(me);
  const [reload, setReload] = useState(0);
  const lastUnsent = useRef(unsent);
  useEffect(() => {
    // A written entry was delivered: page 1 holds it now.
    if (unsent !== undefined && lastUnsent.current !== undefined && unsent < lastUnsent.current) setReload((n) => n + 1);
    lastUnsent.current = unsent;
  }, [unsent]);

  const feedKey = `${JSON.stringify(full)}|${reload}`;
  const [wanted, setWanted] = useState({ feedKey, pageNo: 1 });
  const [pull, setPull] = useState<{ key: string; result?: PullResult }>({ key: '' });
  const pageNo = wanted.feedKey === feedKey ? wanted.pageNo : 1;
  const pullKey = `${feedKey}#${pageNo}`;
  useEffect(() => {
    let live = true;
    const request = JSON.parse(pullKey.slice(0, pullKey.lastIndexOf('|'))) as FeedSpec;
    void pullPage({ kind: 'feed', ...request, pageNo: Number(pullKey.slice(pullKey.lastIndexOf('#') + 1)) }).then((result) => {
      if (live) setPull({ key: pullKey, result });
    });
    return () => {
      live = false;
    };
  }, [pullKey]);
  const pulling = pull.key !== pullKey;

  const more = view !== undefined && view.posts.length < view.totalRecords && view.pages >= pageNo;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !more || pulling) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setWanted({ feedKey, pageNo: pageNo + 1 });
    }, { rootMargin: '600px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, pulling, feedKey, pageNo]);

  const failed = !pulling && pull.result && !pull.result.ok && !pull.result.offline ? pull.result : undefined;
  let body;
  if (!view || (!view.cached && pulling && view.posts.length === 0)) body = <Center p="xl"><Loader size="sm" /></Center>;
  else if (!view.cached && view.posts.length === 0 && failed && pageNo === 1) body = <FeedError status={failed.status} />;
  else if (view.posts.length === 0) body = <EmptyState title="No data" icon={<IconFeed size={26} />} />;
  else
    body = (
      <Stack gap="md">
        {view.posts.map((post) => (
          <div key={post.postCode} className={classes.item}>
            <PostCard me={me} post={post} />
          </div>
        ))}
        <div ref={sentinel} className={classes.sentinel} />
        {more && pulling && <Center><Loader size="sm" /></Center>}
      </Stack>
    );
  const shortcuts = filters && (
    <FeedFilters filters={filters} value={featureCode} onChange={setFeatureCode} vertical={verticalFilters} />
  );
  if (verticalFilters)
    return (
      <div className={classes.beside}>
        <aside className={classes.aside}>{shortcuts}</aside>
        <section className={classes.feed} aria-label="Feed">
          {body}
        </section>
      </div>
    );
  return (
    <Stack gap="md" className={classes.feed} component="section" aria-label="Feed">
      {shortcuts}
      {body}
    </Stack>
  );
}
