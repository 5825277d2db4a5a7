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

/**
 * A picture's text alternative: the member's own words for it when they gave some (its
 * album name), else which picture of whose entry it is.
 */
export function galleryAlt(item: Pick<PostGallery, 'albumName'>, index: number, count: number, poster: string): string {
  return item.albumName?.trim() || `Picture ${index + 1} of ${count} in ${poster}'s entry`;
}

function Tile({ me, item, extra, alt }: { me: string; item: PostGallery; extra: number; alt: string }) {
  // A file not yet delivered has no thumbnail: its own bytes show in the grid.
  const full = useMediaSrc(me, item.path);
  const src = localBlobId(item.path) ? full : galleryThumbPath(item.path);
  return (
    <Box pos="relative" style={{ overflow: 'hidden', borderRadius: 6, aspectRatio: '4 / 3', background: 'var(--mantine-color-gray-1)' }}>
      {item.mediaType === 'video' ? (
        <video src={full} controls preload="metadata" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : item.mediaType === 'audio' ? (
        <audio src={full} controls style={{ width: '100%', marginTop: '30%' }} />
      ) : src ? (
        <Image src={src} alt={alt} h="100%" w="100%" fit="cover" loading="lazy" />
      ) : null}
      {extra > 0 && (
        <Box pos="absolute" inset={0} style={{ background: 'rgba(0,0,0,.5)', display: 'grid', placeItems: 'center' }}>
          <Text c="white" fw={700} size="xl">{`+${extra}`}</Text>
        </Box>
      )}
    </Box>
  );
}

/** `poster`: the entry's author, whose pictures they are (for the text alternatives). */
export function PostGalleryGrid({ me, items, poster }: { me: string; items: PostGallery[]; poster: string }) {
  if (items.length === 0) return null;
  const sorted = [...items].sort((a, b) => a.order - b.order);
  const shown = sorted.slice(0, GRID_MAX);
  const extra = sorted.length - shown.length;
  const cols = shown.length === 1 ? 1 : shown.length === 2 || shown.length === 4 ? 2 : 3;
  return (
    <SimpleGrid cols={cols} spacing={4}>
      {shown.map((item, i) => (
        <Tile
          key={`${item.path}-${i}`}
          me={me}
          item={item}
          extra={i === shown.length - 1 ? extra : 0}
          alt={galleryAlt(item, i, sorted.length, poster)}
        />
      ))}
    </SimpleGrid>
  );
}
