/**
 * The picture uploader (spec §2.13, §5 "Uploads"): one image → it uploads to a temp
 * location with a progress bar → the crop view → Save crops it and closes; the avatar
 * updates everywhere (the worker writes the new profileDp into Dexie). A file that is
 * not an image, or does not load, or fails to upload shows '{file name} file upload
 * failed.' for 3 seconds, and crop stays disabled. Offline it says so and changes nothing.
 */
import { Alert, Button, Center, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { proxy } from 'comlink';
import { TOAST_MS } from '../../../contract/codes';
import { PICTURE_MESSAGES } from '../../../contract/pictures';
import type { PictureTarget } from '../../store/origin-lists';
import { sync } from '../../sync/client';
import { useReturnFocus } from '../use-return-focus';

const CropView = lazy(() => import('./crop-view'));

type Stage =
  | { step: 'uploading'; progress: number }
  | { step: 'cropping'; imageName: string }
  | { step: 'failed'; message: string };

export function uploadFailed(fileName: string, detail?: string): void {
  notifications.show({ color: 'red', message: PICTURE_MESSAGES.uploadFailed(fileName), autoClose: TOAST_MS });
  if (detail) console.warn(`upload of ${fileName}: ${detail}`);
}

/**
 * Picture calls are online-only (the worker answers 'You are offline. …'). The upload's
 * progress comes back through a Comlink proxy: the worker calls it as the bytes go out.
 */
const uploadPicture = (file: File, onProgress: (fraction: number) => void) => sync.uploadTempPicture(file, file.name, proxy(onProgress));

/** `target`: a circle's or slate's picture (its owner's); absent: the member's own. */
export function PictureUploader({ file, onClose, target, title = 'Profile picture' }: { file: File; onClose: () => void; target?: PictureTarget; title?: string }) {
  useReturnFocus();
  const [src] = useState(() => URL.createObjectURL(file));
  const [stage, setStage] = useState<Stage>({ step: 'uploading', progress: 0 });
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string>();

  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  useEffect(() => {
    let live = true;
    // Progress arrives on the Comlink proxy's own channel, so a late tick may come after the
    // answer: it must never pull the stage back from cropping to uploading.
    const onProgress = (progress: number) => {
      if (live) setStage((s) => (s.step === 'uploading' ? { step: 'uploading', progress } : s));
    };
    uploadPicture(file, onProgress).then(
      (result) => {
        if (!live) return;
        if (result.ok) return setStage({ step: 'cropping', imageName: result.data.imageName });
        // Offline is not a broken file: say so in the member's words, not as an upload failure.
        if (!result.offline) uploadFailed(file.name, result.message);
        setStage({ step: 'failed', message: result.offline ? result.message : PICTURE_MESSAGES.uploadFailed(file.name) });
      },
      (error: unknown) => {
        if (!live) return;
        uploadFailed(file.name, String(error));
        setStage({ step: 'failed', message: PICTURE_MESSAGES.uploadFailed(file.name) });
      },
    );
    return () => {
      live = false;
    };
  }, [file]);

  const save = async () => {
    if (stage.step !== 'cropping' || !area) return;
    setSaving(true);
    setSaveError(undefined);
    const result = await sync.cropPicture({ x: area.x, y: area.y, w: area.width, h: area.height, imageName: stage.imageName }, target).catch(
      (error: unknown) => ({ ok: false as const, status: 0, message: String(error) }),
    );
    setSaving(false);
    if (result.ok) onClose();
    else setSaveError(result.message);
  };

  return (
    <Modal opened onClose={saving ? () => {} : onClose} title={title} centered size="md">
      <Stack gap="md">
        {stage.step === 'uploading' && (
          <Stack gap={6} py="md">
            <Text size="sm">Uploading {file.name}…</Text>
            <Progress value={stage.progress * 100} animated aria-label="Upload progress" />
          </Stack>
        )}
        {stage.step === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {stage.message}
          </Alert>
        )}
        {stage.step === 'cropping' && (
          <Suspense fallback={<Center h={320}><Loader role="status" aria-label="Loading cropper" /></Center>}>
            <CropView src={src} onArea={setArea} />
          </Suspense>
        )}
        {saveError && (
          <Alert color="red" variant="light" role="alert">
            {saveError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving} disabled={stage.step !== 'cropping' || !area}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
