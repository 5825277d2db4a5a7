/**
 * The home page's two columns (spec §2.2, §9): news on the left, the feed (648 px)
 * beside it. On phones the feed comes first and news follows it.
 */
import type { ReactNode } from 'react';
import { HiddenTitle } from '../ui/hidden-title';
import classes from './home-layout.module.css';

export function HomeLayout({ news, feed }: { news: ReactNode; feed: ReactNode }) {
  return (
    <div className={classes.grid}>
      <HiddenTitle>Home</HiddenTitle>
      <aside className={classes.news} aria-label="News">
        {news}
      </aside>
      <div className={classes.feed}>{feed}</div>
    </div>
  );
}
