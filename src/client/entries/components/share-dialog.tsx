/**
 * Sharing an entry (spec §2.5 share menu, §4 Share): to my own suite, a billionett's,
 * a circle's or a slate's. For the last three Share stays disabled until a target is
 * picked; picking closes the target list and puts a badge with the target's name in the
 * text (dropped before sending). The share is a queued write ('entry.share'), so the
 * dialog closes once it is queued; the server's 201 arrives through the outbox.
 */
import { Badge, Button, CloseButton, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../ui/empty-state';
import { entryWrite, newCode, pullPage } from '../commands';
import { useKnownFriends, useShareTargets } from '../queries';
import { useReturnFocus } from '../../ui/use-return-focus';

export type ShareTarget = 'own' | 'friend' | 'circle' | 'slate';

export const SHARE_LABELS: Record<ShareTarget, string> = {
  own: 'Share My Own Suite',
  friend: "Share Billionett's Suite",
  circle: "Share Circle's Suite",
  slate: "Share Slate's Suite",
};

type Picked = { code: string; name: string };

export function ShareDialog(props: { me: string; postCode: string; target: ShareTarget | null; onClose: () => void }) {
  useReturnFocus();
  const { me, postCode, target, onClose } = props;
  const friends = useKnownFriends(me);
  const circles = useShareTargets(me, 'circle');
  const slates = useShareTargets(me, 'slate');
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setText('');
    setPicked(null);
    onClose();
  };
  const needsPick = target !== null && target !== 'own';
  // The billionetts, circles (I belong to) or slates (I own) to pick from: the mirrored
  // list at once, refreshed when online.
  useEffect(() => {
    if (target === 'friend') void pullPage({ kind: 'friends', userCode: me, pageNo: 1 });
    if (target === 'circle') void pullPage({ kind: 'myCircles' });
    if (target === 'slate') void pullPage({ kind: 'mySlates' });
  }, [target, me]);
  const share = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const profileCode = target === 'own' ? me : picked?.code;
      await entryWrite(me, 'entry.share', {
        userCode: me,
        postType: target === 'circle' ? 'group' : target === 'slate' ? 'page' : 'user',
        ...(profileCode ? { profileCode } : {}),
        data: { userPostCode: newCode(), originalUserPostCode: postCode, postDescription: text.trim(), privacyCode: 1, postGalleries: [], shared: true },
      });
      close();
    } finally {
      setBusy(false);
    }
  };
  const options =
    target === 'friend'
      ? friends.map((f) => ({ value: f.userCode, label: f.displayName }))
      : (target === 'circle' ? circles : target === 'slate' ? slates : []).map((t) => ({ value: t.code, label: t.name }));
  return (
    <Modal opened={target !== null} onClose={close} title={target ? SHARE_LABELS[target] : ''} centered>
      <Stack gap="sm">
        {needsPick && !picked && (
          options.length > 0 ? (
            <Select
              label={target === 'friend' ? 'Billionett' : target === 'circle' ? 'Circle' : 'Slate'}
              placeholder="Choose where to share"
              data={options}
              searchable
              onChange={(code) => {
                const option = options.find((o) => o.value === code);
                if (option) setPicked({ code: option.value, name: option.label });
              }}
            />
          ) : (
            <EmptyState title="No data" size="sm" />
          )
        )}
        {picked && (
          <Group gap={4}>
            <Badge variant="light" rightSection={<CloseButton size="xs" aria-label="Remove target" onClick={() => setPicked(null)} />}>
              {picked.name}
            </Badge>
          </Group>
        )}
        <Textarea data-autofocus aria-label="Your words" placeholder="Say something about this..." value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={2} />
        {target === 'own' && <Text size="xs" c="dimmed">It will show on your suite.</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={share} loading={busy} disabled={needsPick && !picked}>
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
