/**
 * entry/{type} (spec §2.2 Other): a full-screen viewer of one entry with rate, share and
 * a full-screen toggle; closing goes back in history. `code` (search param) names the
 * entry shown — read from Dexie, refreshed by a pull; without one the viewer shows its
 * type's placeholder, as the spec describes.
 */
import { ActionIcon, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ENTRY_TYPE_NAMES } from '../../../contract/entries';
import { EmptyState } from '../../ui/empty-state';
import { IconFeed } from '../../ui/icons';
import { pullPage } from '../commands';
import { usePost } from '../queries';
import { PostActions, PostStats } from './post-actions';
import { PostBody } from './post-card';
import { PostHeader } from './post-header';
import { ShareDialog, type ShareTarget } from './share-dialog';

export function EntryViewer({ me, type, code, onClose }: { me: string; type: string; code?: string; onClose: () => void }) {
  const { toggle, fullscreen } = useFullscreenDocument();
  const row = usePost(me, code ?? '');
  const [share, setShare] = useState<ShareTarget | null>(null);
  useEffect(() => {
    if (code) void pullPage({ kind: 'entry', postCode: code });
  }, [code]);
  const post = row ? (row.sharedDetails?.sharedPost ?? row.originalPost) : null;
  const typeName = ENTRY_TYPE_NAMES[Number(type)] ?? type;
  return (
    <Modal opened onClose={onClose} fullScreen withCloseButton={false} title={null} padding={0}>
      <Stack gap={0} h="100dvh">
        <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {/* Modal.Title names the dialog (the modal has no title bar of its own); an h1: the viewer is the whole screen at /entry/{type}. */}
          <Modal.Title component="h1" fz="h4" fw={700}>
            {typeName}
          </Modal.Title>
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={toggle}>
              {fullscreen ? 'Exit full screen' : 'Full screen'}
            </Button>
            <ActionIcon variant="subtle" aria-label="Close" onClick={onClose}>
              ✕
            </ActionIcon>
          </Group>
        </Group>
        <Box p="md" style={{ flex: 1, overflow: 'auto' }}>
          <Stack maw={860} mx="auto" gap="md">
            {post ? (
              <>
                <PostHeader post={post} />
                <PostBody me={me} post={post} />
                <PostStats post={post} />
                <PostActions me={me} post={post} onShare={setShare} />
              </>
            ) : (
              <EmptyState title="No data" description={<Text size="sm">{`${typeName} viewer`}</Text>} icon={<IconFeed size={26} />} />
            )}
          </Stack>
        </Box>
      </Stack>
      {post && share && <ShareDialog me={me} postCode={row?.originalPost?.postCode ?? post.postCode} target={share} onClose={() => setShare(null)} />}
    </Modal>
  );
}
