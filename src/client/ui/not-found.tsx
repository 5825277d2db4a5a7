/** 'Page not found' (spec §2.1, §2.2), with a way home. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { HrefLink } from './href-link';

export function NotFound() {
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <Text fz={56} fw={800} c="dimmed" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Button component={HrefLink} href="/" variant="light" mt="sm">
        Go home
      </Button>
    </Stack>
  );
}
