/**
 * One listing opened from its card (issue 12): every picture, what is offered, when and
 * where — with the map of its places (maplibre over our own basemap, lazily) — who offers
 * it, and a Telex button to them when they are the member's billionett (telex is between
 * billionetts). Read from Dexie: it opens offline as the card does.
 */
import { Anchor, Badge, Button, Group, Image, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useLiveQuery } from '../../store/live-query';
import { useEffect } from 'react';
import { galleryThumbPath } from '../../../contract/media';
import { memberDb, type ServiceRow } from '../../store/db';
import { HrefLink } from '../../ui/href-link';
import { IconTelex } from '../../ui/icons';
import { PlaceMap } from '../../ui/map/place-map';
import { ReturnFocus } from '../../ui/use-return-focus';
import { localBlobId, useMediaSrc } from '../../ui/media-src';
import { pullBillionetts } from '../commands';
import { datesOf } from './service-card';

function Picture({ me, path, alt }: { me: string; path: string; alt: string }) {
  const src = useMediaSrc(me, path);
  return <Image src={src} alt={alt} radius="sm" fit="cover" mah={320} />;
}

export function ServiceView({ me, row, onClose }: { me: string; row: ServiceRow | null; onClose: () => void }) {
  const poster = row?.originalPost.postedBy.userCode;
  // Billionetts are who telex reaches (the telex list mirrors them; fetched here too, as a
  // member who never opened telex yet has no mirror of it).
  useEffect(() => {
    if (poster) void pullBillionetts();
  }, [poster]);
  const billionett = useLiveQuery(async () => (poster ? Boolean(await memberDb(me).chatFriends.get(poster)) : false), [me, poster]);
  if (!row) return null;
  const { originalPost: p, location: l } = row;
  return (
    <Modal opened onClose={onClose} title={p.serviceHeading} size="lg">
      <ReturnFocus />
      <Stack gap="sm">
        {row.serviceGalleries.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: row.serviceGalleries.length > 1 ? 2 : 1 }} spacing="xs">
            {row.serviceGalleries.map((g, i) => (
              <Picture key={g.path} me={me} path={localBlobId(g.path) ? g.path : galleryThumbPath(g.path)} alt={`${p.serviceName}: picture ${i + 1} of ${row.serviceGalleries.length}`} />
            ))}
          </SimpleGrid>
        )}
        <Group gap="xs">
          <Badge variant="light">{p.serviceName}</Badge>
          <Text size="sm">{datesOf(p.fromdate, p.todate)}</Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{p.serviceDescription}</Text>
        <PlaceMap location={l} />
        <Group justify="space-between">
          <Text size="sm">
            Offered by{' '}
            <Anchor component={HrefLink} underline="always" href={`/billionett/${encodeURIComponent(p.postedBy.userCode)}/suite`}>
              {p.postedBy.displayName}
            </Anchor>
            {p.postedBy.professionName ? `, ${p.postedBy.professionName}` : ''}
          </Text>
          {billionett && poster !== me && (
            <Button component={HrefLink} href={`/telex?with=${encodeURIComponent(p.postedBy.userCode)}`} leftSection={<IconTelex size={16} />} variant="light">
              Telex {p.postedBy.displayName}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
