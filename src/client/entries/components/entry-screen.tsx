/**
 * /entries/$postCode: one entry as the feed shows it — its card, comments open — for a
 * bulletin ("Jonas commented on your entry") or a link. It reads the `posts` row the feeds
 * mirror, so an entry seen in a feed shows at once, offline too; the worker's pull
 * (pull/feed.ts pullEntry) refreshes it, or removes it on a 404. The server never says
 * whether a 404 was deleted or hidden, so neither does this screen.
 */
import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ENTRY_TYPE_NAMES, postCodeParams } from '../../../contract/entries';
import type { PullResult } from '../../sync/api';
import { HrefLink } from '../../ui/href-link';
import { PageTitle } from '../../ui/page-title';
import { pullPage } from '../commands';
import { useEntry, type PostView } from '../queries';
import { useEntryWriteStates } from '../write-states';
import { FeedError } from './feed-error';
import { PostCard } from './post-card';
import classes from './feed.module.css';

type Pull = { code: string; startedAt: number; result: PullResult };

/** This visit's pull of the entry, once answered; a code that is no code is never sent. */
function useEntryPull(postCode: string, valid: boolean): Pull | undefined {
  const [pull, setPull] = useState<Pull>();
  useEffect(() => {
    if (!valid) return;
    let live = true;
    const startedAt = Date.now();
    void pullPage({ kind: 'entry', postCode }).then((result) => {
      if (live) setPull({ code: postCode, startedAt, result });
    });
    return () => {
      live = false;
    };
  }, [postCode, valid]);
  return pull?.code === postCode ? pull : undefined;
}

/** A delete sent from here (or still on its way) hides it at once, as in the feed. */
const deleting = (row: PostView) => row._deleting === true && row._sync === 'pending';

function Unavailable({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center" role="alert">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed" mt="xs">
        {text}
      </Text>
      <Button component={HrefLink} href="/" variant="light" mt="md">
        Go home
      </Button>
    </Paper>
  );
}

function Body({ me, postCode }: { me: string; postCode: string }) {
  const valid = postCodeParams.safeParse({ postCode }).success;
  const view = useEntry(me, valid ? postCode : '');
  const pull = useEntryPull(postCode, valid);
  const writeStates = useEntryWriteStates(me);
  const row = view?.row;
  if (row && !deleting(row)) {
    const post = row.sharedDetails?.sharedPost ?? row.originalPost;
    return (
      <>
        <PageTitle title={(post && ENTRY_TYPE_NAMES[post.featureCode]) || 'Entry'} />
        <PostCard me={me} post={row} writeStates={writeStates} fullView />
      </>
    );
  }
  const result = pull?.result;
  // A 2xx whose row is not read yet is on its way (the answer can outrun the live query);
  // once the read includes this visit's pull, no row means it went (deleted from here).
  const gone = pull !== undefined && pull.result.ok && view !== undefined && view.syncedAt >= pull.startedAt;
  // Not an entry's code at all: the same words as a hidden one, nothing asked of the server.
  if (!valid || row || gone || result?.status === 404)
    return <Unavailable title="This entry is not available." text="It was deleted or is not shared with you." />;
  if (!result || result.ok)
    return (
      <Center p="xl">
        <Loader size="sm" role="status" aria-label="Loading the entry" />
      </Center>
    );
  if (result.offline)
    // Not in spec: the spec gives no words for an entry never opened on this device while offline.
    return <Unavailable title="You are offline." text="This entry has not been opened on this device yet. It shows once you are online." />;
  return <FeedError status={result.status} />;
}

export function EntryScreen({ me, postCode }: { me: string; postCode: string }) {
  return (
    // No gap: the title keeps its own margin above the card.
    <Stack gap={0} className={classes.feed} mx="auto" component="section" aria-label="Entry">
      <Body me={me} postCode={postCode} />
    </Stack>
  );
}
