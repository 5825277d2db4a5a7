/**
 * The telex unread total on the installed app's icon (navigator.setAppBadge where the
 * engine has it; cleared at 0). Engines without the Badging API simply show nothing.
 */
import { useEffect } from 'react';
import { useUnreadTotal } from '../queries';

type Badging = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

export function useTelexUnread(me: string): number {
  const total = useUnreadTotal(me);
  useEffect(() => {
    const nav = (typeof navigator === 'undefined' ? {} : navigator) as Badging;
    // Refused (not installed, no permission) is not an error the member needs to see.
    const done = () => undefined;
    if (total > 0) nav.setAppBadge?.(total).catch(done);
    else nav.clearAppBadge?.().catch(done);
  }, [total]);
  return total;
}
