/** A member's picture with the presence dot (green online, grey offline). */
import type { ChatPerson } from '../queries';
import { MemberAvatar } from '../../ui/framed-avatar';
import classes from './telex.module.css';

export function PresenceAvatar({ person, size = 'xs' }: { person: ChatPerson; size?: 'xs' | 'md' }) {
  return (
    <span className={classes.avatar}>
      <MemberAvatar member={person} size={size} />
      <PresenceDot online={person.isOnline} />
    </span>
  );
}

export function PresenceDot({ online }: { online: boolean }) {
  return <span className={classes.dot} data-online={online || undefined} role="img" aria-label={online ? 'Online' : 'Offline'} />;
}
