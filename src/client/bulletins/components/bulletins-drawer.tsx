/**
 * The header's bulletin list (issue 16): newest first from Dexie (so it opens offline),
 * page 1 pulled again when it opens, 'More' for older pages, 'Mark all read'. Opening one
 * marks it read (a queued write) and goes to its screen.
 */
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../../contract/codes';
import type { BulletinRow } from '../../store/db';
import { markAllRead, markRead, pullBulletins } from '../commands';
import { useBulletins, useBulletinTotal, useBulletinUnread } from '../queries';
import { BulletinItem } from './bulletin-item';
import { PushPrompt } from './push-prompt';

export function BulletinsDrawer({ me, opened, onClose }: { me: string; opened: boolean; onClose: () => void }) {
  const [pages, setPages] = useState(1);
  const [loading, setLoading] = useState(false);
  const rows = useBulletins(me, pages * PAGE_SIZE.bulletins);
  const unread = useBulletinUnread(me);
  const total = useBulletinTotal(me);
  const navigate = useNavigate();

  useEffect(() => {
    if (opened) void pullBulletins(1);
  }, [opened]);

  const open = async (row: BulletinRow) => {
    if (!row.read) await markRead(me, [row.bulletinCode]);
    onClose();
    await navigate({ href: row.url });
  };
  const more = async () => {
    setLoading(true);
    await pullBulletins(pages + 1);
    setPages((n) => n + 1);
    setLoading(false);
  };

  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Bulletins" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <PushPrompt />
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {unread > 0 ? `${unread} unread` : 'All read'}
          </Text>
          <Button variant="subtle" size="xs" disabled={unread === 0} onClick={() => void markAllRead(me)}>
            Mark all read
          </Button>
        </Group>
        {rows && rows.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            No bulletins yet. When someone comments, rates, asks or writes to you, you will read it here.
          </Text>
        )}
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Bulletins">
          {rows?.map((row) => (
            <li key={row.bulletinCode}>
              <BulletinItem row={row} onOpen={(r) => void open(r)} />
            </li>
          ))}
        </Stack>
        {rows && rows.length < total && rows.length >= pages * PAGE_SIZE.bulletins && (
          <Button variant="default" loading={loading} onClick={() => void more()}>
            More
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
