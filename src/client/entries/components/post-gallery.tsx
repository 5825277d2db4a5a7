/**
 * An entry's images (spec §2.5): a grid of 1 to 5; beyond 5 the fifth carries a '+N'
 * overlay with the number not shown. Thumbnails in the grid (contract/media.ts), videos
 * and audio as players; an entry written offline shows its files from Dexie (media-src.ts).
 */
import { Box, Image, SimpleGrid, Text } from '@mantine/core';
import { galleryThumbPath } from '../../../contract/media';
import type { PostGallery } from '../../../contract/entries';
import { localBlobId, useMediaSrc } from '../../ui/media-src';

const GRID_MAX = 5;

function Tile({ me, item, extra }: { me: string; item: PostGallery; extra: number }) {
  // A file not yet delivered has no thumbnail: its own bytes show in the grid.
  const full = useMediaSrc(me, item.path);
  const src = localBlobId(item.path) ? full : galleryThumbPath(item.path);
  return (
    <Box pos="relative" style={{ overflow: 'hidden', borderRadius: 6, aspectRatio: '4 / 3', background: 'var(--bn-color-well)' }}>
      {item.mediaType === 'video' ? (
        <video src={full} controls preload="metadata" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : item.mediaType === 'audio' ? (
        <audio src={full} controls style={{ width: '100%', marginTop: '30%' }} />
      ) : src ? (
        <Image src={src} alt={item.albumName || 'Entry image'} h="100%" w="100%" fit="cover" loading="lazy" />
      ) : null}
      {extra > 0 && (
        <Box pos="absolute" inset={0} style={{ background: 'rgba(0,0,0,.5)', display: 'grid', placeItems: 'center' }}>
          <Text c="white" fw={700} size="xl">{`+${extra}`}</Text>
        </Box>
      )}
    </Box>
  );
}

export function PostGalleryGrid({ me, items }: { me: string; items: PostGallery[] }) {
  if (items.length === 0) return null;
  const sorted = [...items].sort((a, b) => a.order - b.order);
  const shown = sorted.slice(0, GRID_MAX);
  const extra = sorted.length - shown.length;
  const cols = shown.length === 1 ? 1 : shown.length === 2 || shown.length === 4 ? 2 : 3;
  return (
    <SimpleGrid cols={cols} spacing={4}>
      {shown.map((item, i) => (
        <Tile key={`${item.path}-${i}`} me={me} item={item} extra={i === shown.length - 1 ? extra : 0} />
      ))}
    </SimpleGrid>
  );
}
