/** Home '/' (spec §2.2): news column and the feed. */
import { createFileRoute } from '@tanstack/react-router';
import { NewsColumn } from '../../news/components/news-column';
import { HomeLayout } from '../../shell/home-layout';
import { FeedPlaceholder } from '../../ui/feed-placeholder';

export const Route = createFileRoute('/_main/')({
  component: Home,
});

function Home() {
  return <HomeLayout news={<NewsColumn />} feed={<FeedPlaceholder />} />;
}
