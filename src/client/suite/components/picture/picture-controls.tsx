/**
 * The own profile card's camera and remove controls (spec §2.7, §2.13). The camera
 * picks one image (images only); the file is checked to load as an image before it
 * is sent. Remove asks 'Are you sure do you want remove profile picture ?' and the
 * default avatar by gender returns.
 */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { IconCamera, IconTrash } from '../../../ui/icons';
import { removePicture } from '../../commands';
import { PictureUploader, uploadFailed } from './picture-uploader';

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

export function PictureControls({ hasPicture }: { hasPicture: boolean }) {
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
    const result = await removePicture();
    if (!result.ok) notifications.show({ color: 'red', message: result.message });
    setRemoving(false);
  };

  return (
    <>
      <Group gap={6} justify="center">
        <Tooltip label="Change profile picture">
          <ActionIcon variant="light" radius="xl" size="lg" aria-label="Change profile picture" onClick={() => input.current?.click()}>
            <IconCamera size={18} />
          </ActionIcon>
        </Tooltip>
        {hasPicture && (
          <Tooltip label="Remove profile picture">
            <ActionIcon variant="light" color="red" radius="xl" size="lg" aria-label="Remove profile picture" onClick={() => setRemoving(true)}>
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
        aria-label="Profile picture file"
        onChange={(event) => void picked(event.currentTarget.files?.[0])}
      />
      {file && <PictureUploader key={`${file.name}:${file.lastModified}`} file={file} onClose={() => setFile(null)} />}
      <ConfirmDialog
        opened={removing}
        title="Remove picture"
        message="Are you sure do you want remove profile picture ?"
        danger
        onConfirm={remove}
        onClose={() => setRemoving(false)}
      />
    </>
  );
}
