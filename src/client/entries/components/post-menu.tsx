/**
 * A card's menu (spec §2.5, §6): Archive when not saved, Un-Archive when saved ('Saved...'
 * / 'Unsaved...'), report (Ok disabled while empty; 'Thanks for reporting...' or
 * 'Error...'), and for the author trash ('Delete Confirmation', Confirm / Cancel) and
 * change privacy. Archive, delete and privacy are queued writes; report is online only.
 */
import { ActionIcon, Button, Group, Menu, Modal, Stack, Textarea } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import type { OriginalPost } from '../../../contract/entries';
import { ENTRY_MESSAGES } from '../../../contract/entry-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PrivacyChoice } from '../../ui/privacy-choice';
import { entryWrite, reportEntry } from '../commands';
import { usePrivacies } from '../queries';
import { useMenuArmed } from '../../ui/use-menu-armed';

type Dialog = 'report' | 'delete' | 'privacy' | null;

export function PostMenu({ me, post }: { me: string; post: OriginalPost }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  // A dialog opened from the menu gives focus back to the menu's button when it closes (the
  // menu item that opened it is gone by then, so the dialog's own focus return found nothing).
  const button = useRef<HTMLButtonElement>(null);
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => button.current?.focus());
  };
  // The dropdown and the dialogs are drawn once the member comes near the button, the Menu
  // once the app has opened (ui/use-menu-armed.ts): a closed Modal is a portal, a focus-return
  // hook and window listeners (the privacy one a live query too), and three per card were
  // most of mounting a card while scrolling (BUDGETS.md). Mounted closed before any can
  // open, they open as before.
  const { drawn, armed, openAtOnce, armProps, targetRef } = useMenuArmed();
  const buttonRef = useMergedRef(button, targetRef);
  const author = post.postedBy.userCode === me;
  const code = post.postCode;
  const navigate = useNavigate();
  const archive = async () => {
    const saving = !post.saved;
    await entryWrite(me, saving ? 'entry.save' : 'entry.unsave', { userCode: me, postCode: code });
    notifications.show({ message: saving ? ENTRY_MESSAGES.saved : ENTRY_MESSAGES.unsaved, autoClose: TOAST_MS });
  };
  const target = (
    <ActionIcon ref={buttonRef} variant="subtle" color="gray" aria-label="Entry menu" {...armProps}>
      ⋯
    </ActionIcon>
  );
  if (!drawn) return target;
  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={openAtOnce}>
        <Menu.Target>{target}</Menu.Target>
        {armed && (
          <Menu.Dropdown>
            <Menu.Item onClick={() => navigate({ to: '/entry/$type', params: { type: String(post.featureCode) }, search: { code } })}>
              Open
            </Menu.Item>
            <Menu.Item onClick={archive}>{post.saved ? 'Un-Archive' : 'Archive'}</Menu.Item>
            <Menu.Item onClick={() => setDialog('report')}>Report</Menu.Item>
            {author && <Menu.Item onClick={() => setDialog('privacy')}>Change privacy</Menu.Item>}
            {author && (
              <Menu.Item color="red" onClick={() => setDialog('delete')}>
                Trash
              </Menu.Item>
            )}
          </Menu.Dropdown>
        )}
      </Menu>
      {armed && <ReportDialog opened={dialog === 'report'} postCode={code} onClose={closeDialog} />}
      {armed && <PrivacyDialog me={me} post={post} opened={dialog === 'privacy'} onClose={closeDialog} />}
      {armed && (
        <ConfirmDialog
          opened={dialog === 'delete'}
          title="Delete Confirmation"
          message="Are you sure you want to delete this entry?"
          confirmLabel="Confirm"
          cancelLabel="Cancel"
          danger
          onConfirm={async () => {
            await entryWrite(me, 'entry.delete', { userCode: me, postCode: code });
            closeDialog();
          }}
          onClose={closeDialog}
        />
      )}
    </>
  );
}

function ReportDialog({ opened, postCode, onClose }: { opened: boolean; postCode: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    const result = await reportEntry(postCode, text.trim());
    setBusy(false);
    if (result.ok) {
      notifications.show({ message: ENTRY_MESSAGES.reported, autoClose: TOAST_MS });
      setText('');
      onClose();
    } else notifications.show({ color: 'red', message: result.offline ? result.message : 'Error...', autoClose: TOAST_MS });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Report" centered>
      <Stack gap="sm">
        <Textarea
          placeholder="What is wrong with this entry?"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} loading={busy} disabled={!text.trim()}>
            Ok
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PrivacyDialog({ me, post, opened, onClose }: { me: string; post: OriginalPost; opened: boolean; onClose: () => void }) {
  const privacies = usePrivacies(me);
  const [value, setValue] = useState(String(post.privacyCode));
  const apply = async () => {
    const privacyCode = Number(value) as 1 | 2 | 3;
    if (privacyCode !== post.privacyCode)
      await entryWrite(me, 'entry.privacy', { userCode: me, postCode: post.postCode, data: { privacyCode } });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Privacy" centered size="sm">
      <PrivacyChoice privacies={privacies} value={value} onChange={setValue} onCancel={onClose} onConfirm={apply} confirmLabel="Ok" />
    </Modal>
  );
}
