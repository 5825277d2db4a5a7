/**
 * The installed app's icon badge while the app is open (navigator.setAppBadge where the
 * engine has it; cleared at 0): unread telex messages plus unread bulletins other than
 * telex — the count a push sets while the app is closed (server: domain/bulletins/list.ts
 * badgeCount). Engines without the Badging API simply show nothing.
 */
import { useEffect } from 'react';
import { useBulletinUnread, useUnreadTelexBulletins } from '../../bulletins/queries';
import { useTelexUnread } from '../../telex/hooks/use-telex-unread';

type Badging = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

export function useAppBadge(me: string): number {
  const telex = useTelexUnread(me);
  const bulletins = useBulletinUnread(me) - useUnreadTelexBulletins(me);
  const total = telex + Math.max(0, bulletins);
  useEffect(() => {
    const nav = (typeof navigator === 'undefined' ? {} : navigator) as Badging;
    // Refused (not installed, no permission) is not an error the member needs to see.
    const done = () => undefined;
    if (total > 0) nav.setAppBadge?.(total).catch(done);
    else nav.clearAppBadge?.().catch(done);
  }, [total]);
  return total;
}
