/**
 * The header's bell: the unread bulletin count on it (and in its name), the list behind it.
 * The app badge is set from the same Dexie counts (shell/main-layout/use-app-badge.ts).
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { IconBell } from '../../ui/icons';
import { lazyDialog } from '../../ui/lazy-dialog';
import { LazyTooltip } from '../../ui/lazy-tooltip';
import { markRead, pullBulletins } from '../commands';
import { renewPush } from '../push';
import { useBulletinUnread, useUnreadAt } from '../queries';

// Closed on most visits: its code, its three live queries and its portal come when the
// member reaches for the bell, not with the opening screen.
const BulletinsDrawer = lazyDialog(() => import('./bulletins-drawer').then((m) => m.BulletinsDrawer));

export function BulletinsButton({ me }: { me: string }) {
  const [opened, drawer] = useDisclosure(false);
  // Each start of a signed-in app: the newest bulletins, and this device's push renewed.
  useEffect(() => {
    void pullBulletins(1);
    void renewPush();
  }, []);
  // Opening the screen a bulletin links to reads it, however the member got there.
  const here = useLocation({ select: (l) => l.pathname + l.searchStr });
  const unreadHere = useUnreadAt(me, here);
  useEffect(() => {
    if (unreadHere) void markRead(me, unreadHere.split(','));
  }, [me, unreadHere]);
  const unread = useBulletinUnread(me);
  const label = unread > 0 ? `Bulletins, ${unread} unread` : 'Bulletins';
  return (
    <>
      <Indicator label={unread > 99 ? '99+' : unread} size={16} color="red.9" disabled={unread === 0} offset={6}>
        <LazyTooltip label="Bulletins">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={drawer.open}
            onPointerEnter={BulletinsDrawer.preload}
            onFocus={BulletinsDrawer.preload}
          >
            <IconBell />
          </ActionIcon>
        </LazyTooltip>
      </Indicator>
      <BulletinsDrawer me={me} opened={opened} onClose={drawer.close} />
    </>
  );
}
