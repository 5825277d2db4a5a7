/**
 * The camera and remove controls of the own profile card and of an owner's circle or
 * slate card (spec §2.7, §2.13). The camera picks one image (images only); the file is
 * checked to load as an image before it is sent. Remove asks 'Are you sure do you want
 * remove profile picture ?' (or '… your circle picture ?' / '… your slate picture ?') and
 * the default picture returns.
 */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import type { PictureTarget } from '../../store/origin-lists';
import { sync } from '../../sync/client';
import { ConfirmDialog } from '../confirm-dialog';
import { IconCamera, IconTrash } from '../icons';
import { PictureUploader, uploadFailed } from './picture-uploader';

const WORDS = {
  own: { noun: 'profile picture', title: 'Profile picture', confirm: 'Are you sure do you want remove profile picture ?' },
  circle: { noun: 'circle picture', title: 'Circle picture', confirm: 'Are you sure do you want remove your circle picture ?' },
  slate: { noun: 'slate picture', title: 'Slate picture', confirm: 'Are you sure do you want remove your slate picture ?' },
} as const;

/** spec §5: "Images that fail to load are rejected as not a valid file." */
async function loadsAsImage(file: File): Promise<boolean> {
  if (!file.type.startsWith('image/')) return false;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

export function PictureControls({ hasPicture, target }: { hasPicture: boolean; target?: PictureTarget }) {
  const words = WORDS[target?.kind ?? 'own'];
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [removing, setRemoving] = useState(false);

  const picked = async (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (await loadsAsImage(chosen)) setFile(chosen);
    else uploadFailed(chosen.name, 'not an image');
  };

  const remove = async () => {
    const result = await sync.removePicture(target).catch((error: unknown) => ({ ok: false as const, status: 0, message: String(error) }));
    if (!result.ok) notifications.show({ color: 'red', message: result.message });
    setRemoving(false);
  };

  return (
    <>
      <Group gap={6} justify="center">
        <Tooltip label={`Change ${words.noun}`}>
          <ActionIcon variant="light" radius="xl" size="lg" aria-label={`Change ${words.noun}`} onClick={() => input.current?.click()}>
            <IconCamera size={18} />
          </ActionIcon>
        </Tooltip>
        {hasPicture && (
          <Tooltip label={`Remove ${words.noun}`}>
            <ActionIcon variant="light" color="red" radius="xl" size="lg" aria-label={`Remove ${words.noun}`} onClick={() => setRemoving(true)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={`${words.title} file`}
        onChange={(event) => void picked(event.currentTarget.files?.[0])}
      />
      {file && <PictureUploader key={`${file.name}:${file.lastModified}`} file={file} target={target} title={words.title} onClose={() => setFile(null)} />}
      <ConfirmDialog
        opened={removing}
        title="Remove picture"
        message={words.confirm}
        danger
        onConfirm={remove}
        onClose={() => setRemoving(false)}
      />
    </>
  );
}
