/**
 * A barter listing as a card of the grid (spec §2.11): its first picture, heading, service,
 * dates, place and the poster (a link to their suite); the author alone gets the edit and
 * trash menu (spec §8), trash asking first. A listing written offline shows its picked
 * picture from the device and 'pending' (or the server's refusal with Retry / Discard)
 * until it is delivered; its menu waits until then.
 */
import { ActionIcon, Anchor, Badge, Card, Group, Image, Menu, Stack, Text } from '@mantine/core';
import { format, parseISO } from 'date-fns';
import { galleryThumbPath } from '../../../contract/media';
import type { ServiceRow } from '../../store/db';
import { HrefLink } from '../../ui/href-link';
import { IconBarter, IconEdit, IconMapPin, IconTrash } from '../../ui/icons';
import { localBlobId, useMediaSrc } from '../../ui/media-src';
import { SyncMark } from '../../ui/sync-mark';
import { discardWrite, retryWrite } from '../commands';
import { useCreateState } from '../queries';
import classes from './barter.module.css';

const day = (iso: string) => format(parseISO(iso), 'd MMM yyyy');

/** '3 Dec 2026' or '3 Dec 2026 – 6 Dec 2026'. */
export const datesOf = (from: string, to: string | null) => (to && to !== from ? `${day(from)} – ${day(to)}` : day(from));

export function ServiceCard({ me, row, onOpen, onEdit, onTrash }: { me: string; row: ServiceRow; onOpen: () => void; onEdit: () => void; onTrash: () => void }) {
  const { originalPost: p, location: l } = row;
  const picture = row.serviceGalleries[0];
  const mine = p.postedBy.userCode === me;
  // A listing written offline: its picture is still a blob on this device, its create queued.
  const local = picture ? localBlobId(picture.path) !== undefined : false;
  const src = useMediaSrc(me, picture ? (local ? picture.path : galleryThumbPath(picture.path)) : '');
  const state = useCreateState(me, row.serviceCode);
  const unsent = row._sync !== undefined || state !== undefined;
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} component="article" aria-label={p.serviceHeading}>
      <Card.Section>
        {picture && src ? (
          <Image src={src} alt={`${p.serviceName}: ${p.serviceHeading}`} h={140} fit="cover" />
        ) : (
          <div className={classes.noPicture} aria-hidden="true">
            <IconBarter size={36} />
          </div>
        )}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
          {/* The heading opens the listing: its pictures, description, map and poster. */}
          <Anchor component="button" type="button" onClick={onOpen} fw={700} c="inherit" ta="left" lineClamp={2}>
            {p.serviceHeading}
          </Anchor>
          {mine && !unsent && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Change ${p.serviceHeading}`}>
                  <IconEdit size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconEdit size={14} />} onClick={onEdit}>
                  Edit
                </Menu.Item>
                <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onTrash}>
                  Trash
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Badge variant="light" size="sm" w="fit-content">
          {p.serviceName}
        </Badge>
        <SyncMark state={state} what="Service" onRetry={retryWrite} onDiscard={discardWrite} />
        <Text size="sm">{datesOf(p.fromdate, p.todate)}</Text>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={14} aria-hidden="true" />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {l.toplaceName ? `${l.fromplaceName} → ${l.toplaceName}` : l.fromplaceName}
          </Text>
        </Group>
        <Text size="sm">
          by{' '}
          <Anchor component={HrefLink} href={`/billionett/${encodeURIComponent(p.postedBy.userCode)}/suite`} size="sm">
            {p.postedBy.displayName}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
