/**
 * The app's call (decision 0078), mounted once by the main layout so a call survives moving
 * between screens: it starts hearing call frames for the signed-in member, and shows the
 * incoming call's dialog or the call's panel.
 */
import { useEffect } from 'react';
// sync/client, not telex/commands: the shell's first screen must not load a zod schema.
import { pullPage } from '../../../sync/client';
import { useChatPerson } from '../../queries';
import { useAnswerFromLink } from '../answer-link';
import { calls } from '../call-controller';
import { useCallSnapshot } from '../use-call';
import { CallPanel } from './call-panel';
import { IncomingCallDialog } from './incoming-call-dialog';

export function CallHost({ me }: { me: string }) {
  // Once for the app: the layout lives as long as a member is signed in.
  useEffect(() => calls.attach(), []);
  // Opened from a ring's notification (Accept): answer that call when it rings here.
  useAnswerFromLink();
  const snapshot = useCallSnapshot();
  const { state } = snapshot;
  const peer = state.phase === 'idle' ? '' : state.peer;
  const person = useChatPerson(me, peer);
  useEffect(() => {
    // A device that never opened telex knows no billionett's name or picture yet.
    if (peer) void pullPage({ kind: 'chatFriends' });
  }, [peer]);
  if (state.phase === 'idle') return null;
  if (state.phase === 'incoming') return <IncomingCallDialog opened person={person} kind={state.kind} />;
  return <CallPanel snapshot={{ ...snapshot, state }} person={person} />;
}
