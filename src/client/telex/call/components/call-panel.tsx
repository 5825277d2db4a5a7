/**
 * The call under way (issue 30), floating over every screen: who, what is happening in
 * words (calling, ringing, connecting, the duration, reconnecting, how it ended), the
 * video or the hidden audio, the network quality and the controls. Status changes are
 * announced (aria-live); an ended call stays until Close, so its reason can be read.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChatPerson } from '../../queries';
import { MemberAvatar } from '../../../ui/framed-avatar';
import { calls, type CallSnapshot } from '../call-controller';
import { durationText, endText, type CallState } from '../call-state';
import { useElapsed, useQuality } from '../use-call';
import { CallControls } from './call-controls';
import { CallQualityBadge } from './call-quality-badge';
import classes from './call.module.css';

type Shown = Exclude<CallState, { phase: 'idle' } | { phase: 'incoming' }>;

function statusText(state: Shown, name: string, elapsed: number): string {
  switch (state.phase) {
    case 'outgoing':
      return state.ringing ? `Ringing ${name}…` : `Calling ${name}…`;
    case 'connecting':
      return 'Connecting…';
    case 'active':
      return state.reconnecting ? 'Reconnecting…' : durationText(elapsed);
    case 'ended':
      return endText(state.reason, name);
  }
}

/** Plays `stream` in the element (muted for my own picture); a refused autoplay stays silent, not broken. */
function useStream(stream: MediaStream | undefined) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream ?? null;
    if (stream) void el.play().catch(() => undefined);
  }, [stream]);
  return ref;
}

export function CallPanel({ snapshot, person }: { snapshot: CallSnapshot & { state: Shown }; person: ChatPerson | undefined }) {
  const { state, media } = snapshot;
  const name = person?.displayName ?? state.peer;
  const elapsed = useElapsed(state.phase === 'active' ? state.since : undefined);
  const quality = useQuality(state.phase === 'active' ? snapshot.pc : undefined);
  const remote = useStream(media.remote);
  const self = useStream(media.local);
  const video = state.kind === 'video';
  const ended = state.phase === 'ended';
  const status = statusText(state, name, elapsed);
  const closeRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // Hang up took the focus's button away: give it to Close.
    if (ended) closeRef.current?.focus();
  }, [ended]);
  useEffect(() => {
    // A new call's panel takes the focus (after the ring dialog hands it back), so the
    // controls are the next Tab, not the end of the page.
    const frame = requestAnimationFrame(() => panelRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Paper ref={panelRef} tabIndex={-1} component="section" withBorder radius="md" p="sm" className={classes.panel} data-video={video || undefined} aria-label={`Call with ${name}`} data-testid="call-panel" data-phase={state.phase} data-call-id={state.callId}>
      <Stack gap="sm" className={classes.body}>
        <Group gap="sm" wrap="nowrap">
          {person && <MemberAvatar member={person} size="md" />}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} truncate dir="auto">
              {name}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c={ended ? undefined : 'dimmed'} role="status" aria-live="polite" data-testid="call-status">
                {status}
              </Text>
              {state.phase === 'active' && <CallQualityBadge reading={quality} />}
            </Group>
          </Stack>
        </Group>
        {video && !ended ? (
          <div className={classes.stage}>
            <video ref={remote} className={classes.remote} autoPlay playsInline aria-label={`${name}'s video`} />
            <video ref={self} className={classes.self} autoPlay playsInline muted aria-label="Your camera" hidden={!media.local || media.cameraOff} />
          </div>
        ) : (
          <audio ref={remote} autoPlay hidden />
        )}
        <div className={classes.controls}>
          {ended ? (
            <Group justify="flex-end">
              <Button ref={closeRef} variant="default" onClick={() => calls.dismiss()}>
                Close
              </Button>
            </Group>
          ) : (
            <CallControls kind={state.kind} media={media} live={state.phase === 'active'} remoteRef={remote} />
          )}
        </div>
      </Stack>
    </Paper>
  );
}
