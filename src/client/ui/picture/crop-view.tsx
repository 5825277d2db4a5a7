/**
 * The crop view (spec §2.13): zoom 1 to 3 in steps of 0.1, a round crop, aspect 1.
 * The only module that imports react-easy-crop; loaded with React.lazy by the
 * uploader, so the cropper never weighs on the first screen.
 *
 * By keyboard: the crop area is one Tab stop (react-easy-crop's own) whose arrows move
 * the picture (Shift for finer steps); here + and − (and Page Up / Page Down) zoom it
 * too, so a keyboard member never has to leave it; the Zoom slider after it is a
 * Mantine slider (arrows, Home, End).
 */
import { Slider, Stack, Text } from '@mantine/core';
import { useId, useState, type KeyboardEvent } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import classes from './crop-view.module.css';

export const ZOOM = { min: 1, max: 3, step: 0.1 } as const;

/** The zoom a key asks for from `zoom` (clamped, to one decimal), or undefined for other keys. */
export function zoomByKey(zoom: number, key: string): number | undefined {
  const delta = key === '+' || key === '=' || key === 'PageUp' ? ZOOM.step : key === '-' || key === '_' || key === 'PageDown' ? -ZOOM.step : 0;
  if (delta === 0) return undefined;
  return Math.round(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom + delta)) * 10) / 10;
}

export default function CropView({ src, onArea }: { src: string; onArea: (pixels: Area) => void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  const zoomLabel = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = zoomByKey(zoom, event.key);
    if (next === undefined) return;
    event.preventDefault();
    setZoom(next);
  };
  return (
    <Stack gap="sm">
      <div className={classes.frame} onKeyDown={onKeyDown}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={ZOOM.min}
          maxZoom={ZOOM.max}
          zoomSpeed={ZOOM.step}
          aspect={1}
          cropShape="round"
          showGrid={false}
          // 1 px an arrow (the default) took 100 presses to cross the circle; Shift still moves 2 px.
          keyboardStep={10}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          // The area in the picture's own pixels: what user/crop/dp-image wants (x, y, w, h).
          onCropComplete={(_area, pixels) => onArea(pixels)}
          classes={{ cropAreaClassName: classes.area }}
          cropperProps={{
            role: 'group',
            'aria-roledescription': 'crop area',
            'aria-label': `Crop area, zoom ${zoom.toFixed(1)}: arrow keys move the picture, plus and minus zoom`,
          }}
        />
      </div>
      <div>
        <Text size="sm" id={zoomLabel}>
          Zoom
        </Text>
        <Slider
          aria-labelledby={zoomLabel}
          min={ZOOM.min}
          max={ZOOM.max}
          step={ZOOM.step}
          value={zoom}
          onChange={setZoom}
          label={(v) => v.toFixed(1)}
        />
      </div>
    </Stack>
  );
}
