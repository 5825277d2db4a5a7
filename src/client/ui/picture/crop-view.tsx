/**
 * The crop view (spec §2.13): zoom 1 to 3 in steps of 0.1, a round crop, aspect 1.
 * The only module that imports react-easy-crop; loaded with React.lazy by the
 * uploader, so the cropper never weighs on the first screen.
 */
import { Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

export const ZOOM = { min: 1, max: 3, step: 0.1 } as const;

export default function CropView({ src, onArea }: { src: string; onArea: (pixels: Area) => void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  return (
    <Stack gap="sm">
      <div style={{ position: 'relative', width: '100%', height: 320, background: 'var(--mantine-color-dark-7)', borderRadius: 8, overflow: 'hidden' }}>
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
          onCropChange={setCrop}
          onZoomChange={setZoom}
          // The area in the picture's own pixels: what user/crop/dp-image wants (x, y, w, h).
          onCropComplete={(_area, pixels) => onArea(pixels)}
        />
      </div>
      <div>
        <Text size="sm" id="zoom-label">
          Zoom
        </Text>
        <Slider
          aria-labelledby="zoom-label"
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
