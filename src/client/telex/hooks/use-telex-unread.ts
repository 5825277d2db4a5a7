/** The member's unread telex messages (the side menu's count; the app badge adds bulletins). */
import { useUnreadTotal } from '../queries';

export function useTelexUnread(me: string): number {
  return useUnreadTotal(me);
}
