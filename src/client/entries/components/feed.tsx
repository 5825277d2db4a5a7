/**
 * A feed (spec §2.4) in any mode: the mirrored pages from Dexie at once, page 1 pulled
 * again whenever the mode, filter or search text changes or a new entry lands, and the
 * next page when the last cards are drawn, until every record is loaded. Only the cards
 * near the screen are in the DOM (feed-list.tsx). Offline the last feed seen shows; with
 * nothing cached a failed pull shows the error page.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { FeedSpec } from '../../store/feed-pages';
import type { PullResult } from '../../sync/api';
import { EmptyState } from '../../ui/empty-state';
import { IconFeed } from '../../ui/icons';
import { pullPage } from '../commands';
import { useFeed, useUnsentEntries, type PostView } from '../queries';
import { useEntryWriteStates } from '../write-states';
import { FeedError } from './feed-error';
import { FeedFilters, type FeedFilter } from './feed-filters';
import { FeedList } from './feed-list';
import { LoadMore } from './load-more';
import { PostCard } from './post-card';
import classes from './feed.module.css';

const postKey = (post: PostView) => post.postCode;

export type FeedProps = {
  me: string;
  spec: Omit<FeedSpec, 'featureCode'>;
  filters?: FeedFilter[];
  verticalFilters?: boolean;
  /** What an empty feed shows instead of 'No data' when no filter is chosen (home: shell/first-steps.tsx). */
  empty?: ReactNode;
};

export function Feed({ me, spec, filters, verticalFilters, empty }: FeedProps) {
  const [featureCode, setFeatureCode] = useState<number | undefined>();
  const full: FeedSpec = { ...spec, featureCode };
  const view = useFeed(me, full);
  const unsent = useUnsentEntries(me);
  // One read of the queued writes for every card (write-states.ts), not one per card.
  const writeStates = useEntryWriteStates(me);
  // Cards whose comments are open: a card scrolled out of the window is unmounted, and
  // comes back as it was left. Mutated in place by the cards, never a reason to re-render.
  const [commentsOpen] = useState(() => new Set<string>());
  const [reload, setReload] = useState(0);
  const lastUnsent = useRef(unsent);
  useEffect(() => {
    // A written entry was delivered: page 1 holds it now.
    if (unsent !== undefined && lastUnsent.current !== undefined && unsent < lastUnsent.current) setReload((n) => n + 1);
    lastUnsent.current = unsent;
  }, [unsent]);

  const feedKey = `${JSON.stringify(full)}|${reload}`;
  const [wanted, setWanted] = useState({ feedKey, pageNo: 1 });
  // 'Load more entries' pressed: the first card past what was loaded then (below).
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const [pull, setPull] = useState<{ key: string; result?: PullResult }>({ key: '' });
  const pageNo = wanted.feedKey === feedKey ? wanted.pageNo : 1;
  const pullKey = `${feedKey}#${pageNo}`;
  useEffect(() => {
    let live = true;
    const request = JSON.parse(pullKey.slice(0, pullKey.lastIndexOf('|'))) as FeedSpec;
    void pullPage({ kind: 'feed', ...request, pageNo: Number(pullKey.slice(pullKey.lastIndexOf('#') + 1)) }).then((result) => {
      if (!live) return;
      setPull({ key: pullKey, result });
      // A page that could not come (offline, an error) hides the button: nothing to focus.
      if (!result.ok) setFocusFrom(null);
    });
    return () => {
      live = false;
    };
  }, [pullKey]);
  const pulling = pull.key !== pullKey;

  const more = view !== undefined && view.posts.length < view.totalRecords && view.pages >= pageNo;
  // 'Load more entries' stays while a page is on its way too (then `more` is false: the
  // page asked is not in the live query yet), or the button would vanish under the
  // member's focus; only a page that could not be fetched (offline, an error) hides it.
  const pageFailed = !pulling && pull.result !== undefined && !pull.result.ok;
  const showLoadMore = view !== undefined && view.posts.length < view.totalRecords && !pageFailed;
  const nextPage = useCallback(() => setWanted({ feedKey, pageNo: pageNo + 1 }), [feedKey, pageNo]);
  // 'Load more entries' pressed: focus goes to the first card past what was loaded then,
  // where the member goes on reading (FeedList focuses it once drawn; the button may be
  // gone by then: it was the last page). Pressed while a page is on its way (scrolling
  // asked for it, or page 1 is pulled again), that page is the more asked for; when it
  // brings nothing new (a reload of page 1), the next page follows by itself: the button
  // is at the end of the list, so the list's end is drawn (FeedList's onNearEnd).
  const loaded = view?.posts.length ?? 0;
  const ready = more && !pulling;
  const loadMore = useCallback(() => {
    setFocusFrom(loaded);
    if (ready) nextPage();
  }, [loaded, ready, nextPage]);
  const onFocused = useCallback(() => setFocusFrom(null), []);
  const onCommentsOpen = useCallback(
    (postCode: string, open: boolean) => void (open ? commentsOpen.add(postCode) : commentsOpen.delete(postCode)),
    [commentsOpen],
  );

  // Stable while the feed's size holds: FeedList's rows are memoized on it, so a pull
  // starting or ending re-renders the feed, not every drawn card.
  // A search counts its matches only a page ahead (server search-repo.ts): its size is unknown (-1).
  const setSize = !view ? 0 : spec.mode === 'search' ? -1 : Math.max(view.totalRecords, view.posts.length);
  const renderItem = useCallback(
    (post: PostView, i: number) => (
      <PostCard
        me={me}
        post={post}
        writeStates={writeStates}
        feedPosition={{ index: i, size: setSize }}
        commentsOpen={commentsOpen.has(post.postCode)}
        onCommentsOpen={(open) => onCommentsOpen(post.postCode, open)}
      />
    ),
    [me, writeStates, setSize, commentsOpen, onCommentsOpen],
  );

  const failed = !pulling && pull.result && !pull.result.ok && !pull.result.offline ? pull.result : undefined;
  let body;
  if (!view || (!view.cached && pulling && view.posts.length === 0))
    // A screen tall while loading: what follows the feed (the news column on a phone) is
    // not shown first and then pushed away when the cards arrive (layout shift, Lighthouse CLS).
    body = (
      <Center p="xl" mih="100vh" style={{ alignItems: 'flex-start' }}>
        <Loader size="sm" />
      </Center>
    );
  else if (!view.cached && view.posts.length === 0 && failed && pageNo === 1) body = <FeedError status={failed.status} />;
  else if (view.posts.length === 0) body = (featureCode === undefined && empty) || <EmptyState title="No data" icon={<IconFeed size={26} />} />;
  else
    body = (
      <div>
        <FeedList
          items={view.posts}
          itemKey={postKey}
          busy={more && pulling}
          onNearEnd={more && !pulling ? nextPage : undefined}
          renderItem={renderItem}
          focusIndex={focusFrom !== null && loaded > focusFrom ? focusFrom : undefined}
          onFocused={onFocused}
        />
        {showLoadMore && (
          <Center pt="md">
            <LoadMore loading={pulling || !more} onLoad={loadMore} />
          </Center>
        )}
      </div>
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
