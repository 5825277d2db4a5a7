/**
 * The picked files as thumbnails (spec §2.6, §5 "Uploads"). While the entry is being
 * sent online, each shows its upload progress, read live from its blob row (the worker
 * writes it); offline each says 'queued' — it goes when the network returns.
 */
import { ActionIcon, Box, Group, Progress, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import type { PickedFile } from '../commands';
import type { Pick } from '../form';
import { useEntryBlobs } from '../queries';

export type MediaThumbsProps = {
  me: string;
  picks: Pick[];
  files: Map<string, PickedFile>;
  sending: string | null;
  online: boolean;
  onRemove: (id: string) => void;
};

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

function Thumb({ pick, blob, progress, status, onRemove }: { pick: Pick; blob?: Blob; progress?: number; status: string | null; onRemove?: () => void }) {
  const url = useObjectUrl(blob);
  return (
    <Box pos="relative" w={84} h={84} style={{ borderRadius: 6, overflow: 'hidden', background: 'var(--bn-color-well)' }}>
      {pick.mediaType === 'image' && url ? (
        <img src={url} alt={pick.name} width={84} height={84} style={{ objectFit: 'cover' }} />
      ) : pick.mediaType === 'video' && url ? (
        <video src={url} width={84} height={84} muted style={{ objectFit: 'cover' }} />
      ) : (
        <Text size="xs" p={4} lineClamp={3}>
          🎵 {pick.name}
        </Text>
      )}
      {onRemove && (
        <ActionIcon size="xs" pos="absolute" top={2} right={2} variant="white" aria-label={`Remove ${pick.name}`} onClick={onRemove}>
          ×
        </ActionIcon>
      )}
      {status && (
        <Text size="10px" pos="absolute" bottom={8} left={4} c="white" style={{ textShadow: '0 0 2px #000' }}>
          {status}
        </Text>
      )}
      {progress !== undefined && <Progress value={progress * 100} size="sm" pos="absolute" bottom={0} left={0} right={0} aria-label="Upload progress" />}
    </Box>
  );
}

export function MediaThumbs({ me, picks, files, sending, online, onRemove }: MediaThumbsProps) {
  const blobs = useEntryBlobs(me, sending);
  if (picks.length === 0) return null;
  return (
    <Group gap={6}>
      {picks.map((pick) => {
        const row = blobs?.find((b) => b.id === pick.id);
        const progress = sending && online ? (typeof row?.progress === 'number' ? row.progress : 0) : undefined;
        return (
          <Thumb
            key={pick.id}
            pick={pick}
            blob={files.get(pick.id)?.blob}
            progress={progress}
            status={online ? null : 'queued'}
            onRemove={sending ? undefined : () => onRemove(pick.id)}
          />
        );
      })}
    </Group>
  );
}
