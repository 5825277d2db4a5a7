/**
 * What shows where a member hides something (accessCode 106, spec §2.9–2.10): the
 * privacy picture by the owner's gender (/privacy/{gender}.svg, lower case), with a
 * line that says why, for screen readers and for anyone the picture does not reach.
 */
import { Image, Stack, Text } from '@mantine/core';

export const privacyPictureUrl = (gender: string | undefined): string => {
  const g = (gender ?? '').toLowerCase();
  return `/privacy/${g === 'male' || g === 'female' ? g : 'other'}.svg`;
};

export function PrivacyPicture({ gender, text = 'This member keeps this private.' }: { gender?: string; text?: string }) {
  return (
    <Stack align="center" gap="xs" py="md">
      <Image src={privacyPictureUrl(gender)} alt="Private" w={160} h="auto" fit="contain" />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Stack>
  );
}
