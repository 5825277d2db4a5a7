/**
 * Tells the worker which chat the member is looking at, so what arrives there is read
 * at once and what was unread is marked read: while the pane is shown and the page
 * visible. A hidden tab is not looking: messages then stay unread (and count on the badge).
 */
import { useEffect } from 'react';
import { closeChat, openChat, pullTelex } from '../commands';

export function useOpenChat(peer: string): void {
  useEffect(() => {
    const show = () => {
      if (document.visibilityState === 'visible') void openChat(peer);
      else void closeChat();
    };
    show();
    // The newest page: then mark read again, for what the pull brought.
    void pullTelex({ kind: 'chatMessages', peer, pageNo: 1 }).then(show);
    document.addEventListener('visibilitychange', show);
    return () => {
      document.removeEventListener('visibilitychange', show);
      void closeChat();
    };
  }, [peer]);
}
