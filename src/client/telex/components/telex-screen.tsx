/**
 * /telex (spec §2.12): chat with billionetts — the lists on the left, the open chat on
 * the right. On a phone the two are panes that switch: the list, or the chat with a
 * way back. Everything reads Dexie, so the page works offline with what was mirrored.
 */
import { Box, Grid, Paper } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { IconTelex } from '../../ui/icons';
import { PageTitle } from '../../ui/page-title';
import { useMedia } from '../../ui/use-media';
import { pullTelex } from '../commands';
import { useUnreadTotal } from '../queries';
import { ChatLists } from './chat-lists';
import { ChatPane } from './chat-pane';
import { LinkStatus } from './link-status';
import classes from './telex.module.css';

export type TelexScreenProps = { me: string; peer: string | undefined; onSelect: (peer: string | undefined) => void };

export function TelexScreen({ me, peer, onSelect }: TelexScreenProps) {
  const phone = useMedia('(max-width: 48em)');
  const unread = useUnreadTotal(me);
  useEffect(() => {
    void pullTelex({ kind: 'chatFriends' });
  }, []);
  useEffect(() => {
    void pullTelex(peer ? { kind: 'chatHistory', openPeer: peer } : { kind: 'chatHistory' });
  }, [peer]);

  // Whom the member opened from the lists (focus goes to that chat's box), and, on a
  // phone, whom they came back from (focus returns to that row: the chat pane is gone).
  const [opened, setOpened] = useState<string | undefined>(undefined);
  const [backFrom, setBackFrom] = useState<string | undefined>(undefined);
  const open = (next: string) => {
    setOpened(next);
    onSelect(next);
  };
  const focused = useCallback(() => setBackFrom(undefined), []);
  const lists = <ChatLists me={me} active={peer} onOpen={open} unread={unread} focusPeer={backFrom} onFocused={focused} />;
  if (phone) {
    return (
      <>
        <PageTitle title="Telex" />
        <LinkStatus me={me} />
        {peer ? (
          <ChatPane
            key={peer}
            me={me}
            peer={peer}
            focusOnOpen={opened === peer}
            onBack={() => {
              setBackFrom(peer);
              onSelect(undefined);
            }}
          />
        ) : (
          lists
        )}
      </>
    );
  }
  return (
    <>
      <PageTitle title="Telex" />
      <LinkStatus me={me} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>{lists}</Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
          {peer ? (
            <ChatPane key={peer} me={me} peer={peer} focusOnOpen={opened === peer} />
          ) : (
            <Paper withBorder radius="md" p="md" className={classes.pane}>
              <Box m="auto">
                <EmptyState title="Telex" description="Choose a billionett to telex." icon={<IconTelex size={26} />} />
              </Box>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
