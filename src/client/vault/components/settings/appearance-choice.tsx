/**
 * The settings modal's Appearance tab (the spec names no appearance setting;
 * docs/decisions/0062-appearance-setting.md): System follows the device's light or dark setting, Light and Dark keep one.
 * A device choice, not an account one: stored on this device by Mantine's colour scheme
 * manager (ui/color-scheme.ts), applied at once and before the first paint next time.
 */
import { Radio, Stack, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { APPEARANCES } from '../../../ui/color-scheme';

export function AppearanceChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Radio.Group
      label="Appearance"
      description="System follows this device's light or dark setting. The choice is kept on this device."
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
    >
      <Stack gap="sm" mt="sm">
        {APPEARANCES.map((a) => (
          <Radio key={a.value} value={a.value} label={a.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
