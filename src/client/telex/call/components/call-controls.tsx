/**
 * The in-call controls (issue 30): mute, camera on/off, switch camera (more than one),
 * speaker (where the browser lets a page pick it: setSinkId), picture-in-picture (video),
 * hang up. Toggles say their state with aria-pressed and their words.
 */
import { ActionIcon, Button, Group, NativeSelect, Tooltip } from '@mantine/core';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import type { CallKind } from '../../../../contract/calls';
import { IconCameraSwitch, IconMic, IconMicOff, IconPhoneOff, IconPictureInPicture, IconVideo, IconVideoOff } from '../../../ui/icons';
import { calls, type CallMedia } from '../call-controller';
import { audioOutputs, canPickSpeaker, videoInputs } from '../call-media';

type Props = { kind: CallKind; media: CallMedia; live: boolean; remoteRef: RefObject<HTMLMediaElement | null> };

export function CallControls({ kind, media, live, remoteRef }: Props) {
  const [cameras, setCameras] = useState(0);
  const [speakers, setSpeakers] = useState<MediaDeviceInfo[]>([]);
  const [speaker, setSpeaker] = useState('');
  useEffect(() => {
    // Device labels are readable once the page holds a stream.
    if (!media.local) return;
    if (kind === 'video') void videoInputs().then((list) => setCameras(list.length));
    if (canPickSpeaker()) void audioOutputs().then(setSpeakers);
  }, [media.local, kind]);
  const pickSpeaker = (deviceId: string) => {
    setSpeaker(deviceId);
    const el = remoteRef.current as (HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    void el?.setSinkId?.(deviceId).catch(() => undefined);
  };
  const pip = () => {
    const el = remoteRef.current;
    if (el instanceof HTMLVideoElement && document.pictureInPictureEnabled) void el.requestPictureInPicture().catch(() => undefined);
  };

  return (
    <Group gap="xs" justify="center" wrap="wrap" role="group" aria-label="Call controls">
      <Toggle label="Mute" tip={media.muted ? 'Muted: press to unmute' : 'Mute'} pressed={media.muted} onClick={() => calls.toggleMute()} disabled={!media.local}>
        {media.muted ? <IconMicOff /> : <IconMic />}
      </Toggle>
      {kind === 'video' && (
        <Toggle label="Camera off" tip={media.cameraOff ? 'Camera is off: press to turn it on' : 'Turn camera off'} pressed={media.cameraOff} onClick={() => calls.toggleCamera()} disabled={!media.local}>
          {media.cameraOff ? <IconVideoOff /> : <IconVideo />}
        </Toggle>
      )}
      {kind === 'video' && cameras > 1 && (
        <Tooltip label="Switch camera">
          <ActionIcon variant="default" size="lg" aria-label="Switch camera" onClick={() => void calls.switchCamera()}>
            <IconCameraSwitch />
          </ActionIcon>
        </Tooltip>
      )}
      {kind === 'video' && live && typeof document !== 'undefined' && document.pictureInPictureEnabled && (
        <Tooltip label="Picture in picture">
          <ActionIcon variant="default" size="lg" aria-label="Picture in picture" onClick={pip}>
            <IconPictureInPicture />
          </ActionIcon>
        </Tooltip>
      )}
      {speakers.length > 1 && (
        <NativeSelect
          size="xs"
          aria-label="Speaker"
          value={speaker}
          onChange={(e) => pickSpeaker(e.currentTarget.value)}
          data={[{ value: '', label: 'Default speaker' }, ...speakers.filter((s) => s.deviceId !== 'default').map((s, i) => ({ value: s.deviceId, label: s.label || `Speaker ${i + 1}` }))]}
        />
      )}
      <Button color="red.9" leftSection={<IconPhoneOff size={18} />} onClick={() => calls.hangup()}>
        Hang up
      </Button>
    </Group>
  );
}

/** A toggle keeps one name (aria-pressed says its state); the tooltip says what a press does. */
function Toggle({ label, tip, pressed, onClick, disabled, children }: { label: string; tip: string; pressed: boolean; onClick: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant={pressed ? 'filled' : 'default'} color={pressed ? 'dark' : undefined} size="lg" aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
