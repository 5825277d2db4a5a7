/**
 * One bulletin in the list: who, what (contract/bulletin-text.ts), when; unread
 * ones in bold with a dot (and said so to screen readers). Opening it marks it read and goes
 * to its screen.
 */
import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDistanceToNow, parseISO } from 'date-fns';
import { bulletinText } from '../../../contract/bulletin-text';
import type { BulletinRow } from '../../store/db';
import { mediaUrl } from '../../ui/media-url';
import classes from './bulletins.module.css';

export function BulletinItem({ row, onOpen }: { row: BulletinRow; onOpen: (row: BulletinRow) => void }) {
  const text = bulletinText({ ...row, actorName: row.actor.displayName });
  const when = formatDistanceToNow(parseISO(row.createdAt), { addSuffix: true });
  return (
    <UnstyledButton className={classes.item} data-unread={!row.read || undefined} onClick={() => onOpen(row)}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={row.actor.profileDp ? mediaUrl(row.actor.profileDp, 'xs') : null} name={row.actor.displayName} variant="filled" color="blue.9" alt="" size={36} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={row.read ? 400 : 700}>
            {!row.read && <span className={classes.srOnly}>Unread: </span>}
            {text}
          </Text>
          <Text size="xs" c="dimmed">
            {when}
            {row._sync === 'pending' ? ' · marking read…' : ''}
          </Text>
        </Stack>
        {!row.read && <span className={classes.dot} aria-hidden="true" />}
      </Group>
    </UnstyledButton>
  );
}
