/**
 * An entry's images (spec §2.5): a grid of 1 to 5; beyond 5 the fifth carries a '+N'
 * overlay with the number not shown. Thumbnails in the grid (contract/media-files.ts), videos
 * and audio as players; an entry written offline shows its files from Dexie (media-src.ts).
 * A lone image shows its display file in its own proportions. No image is ever drawn larger
 * than the file's natural size: a small photo stays sharp, centred in its tile, rather than
 * stretched to the card's width and blurred.
 */
import { Box, Image, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { MEDIA_LIMITS, galleryThumbPath } from '../../../contract/media-files';
import type { PostGallery } from '../../../contract/entries';
import { localBlobId, useMediaSrc } from '../../ui/media-src';

const GRID_MAX = 5;
/** A lone tall picture is cut (cover) below this height rather than filling the screen. */
const SINGLE_MAX_HEIGHT = 560;

/**
 * A picture's text alternative: the member's own words for it when they gave some (its
 * album name), else which picture of whose entry it is.
 */
export function galleryAlt(item: Pick<PostGallery, 'albumName'>, index: number, count: number, poster: string): string {
  return item.albumName?.trim() || `Picture ${index + 1} of ${count} in ${poster}'s entry`;
}

type Size = { width: number; height: number };

/** The thumbnail's size: the display file's, scaled to fit thumbPx (never enlarged, as the server makes it). */
function thumbSize({ width, height }: Size): Size {
  const scale = Math.min(1, MEDIA_LIMITS.thumbPx / Math.max(width, height, 1));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function Tile({ me, item, extra, single, alt }: { me: string; item: PostGallery; extra: number; single: boolean; alt: string }) {
  // A file not yet delivered has no thumbnail: its own bytes show in the grid.
  const full = useMediaSrc(me, item.path);
  const local = Boolean(localBlobId(item.path));
  const src = local || single ? full : galleryThumbPath(item.path);
  // The stored size (the server's display variant) until the file itself says (onLoad).
  const stored = item.width > 0 && item.height > 0 ? (local || single ? { width: item.width, height: item.height } : thumbSize(item)) : null;
  // Measured per file: a picture written offline is replaced by the server's once delivered.
  const [measured, setMeasured] = useState<{ src: string; size: Size } | null>(null);
  const natural = (measured && measured.src === src ? measured.size : null) ?? stored;
  const image = item.mediaType === 'image';
  const frame = single && image && item.width > 0 && item.height > 0
    ? { aspectRatio: `${item.width} / ${item.height}`, maxWidth: item.width, maxHeight: SINGLE_MAX_HEIGHT, width: '100%' }
    : { aspectRatio: '4 / 3' };
  return (
    <Box
      pos="relative"
      style={{ overflow: 'hidden', borderRadius: 6, background: 'var(--bn-color-well)', display: 'grid', placeItems: 'center', ...frame }}
    >
      {item.mediaType === 'video' ? (
        <video src={full} controls preload="metadata" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : item.mediaType === 'audio' ? (
        <audio src={full} controls style={{ width: '100%', marginTop: '30%' }} />
      ) : src ? (
        <Image
          src={src}
          alt={alt}
          h="100%"
          w="100%"
          fit="cover"
          loading="lazy"
          style={natural ? { maxWidth: natural.width, maxHeight: natural.height } : undefined}
          onLoad={(event) => {
            const img = event.currentTarget;
            if (img.naturalWidth > 0 && src) setMeasured({ src, size: { width: img.naturalWidth, height: img.naturalHeight } });
          }}
        />
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
          single={shown.length === 1}
          alt={galleryAlt(item, i, sorted.length, poster)}
        />
      ))}
    </SimpleGrid>
  );
}
