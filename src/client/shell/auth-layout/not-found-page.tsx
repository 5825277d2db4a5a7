/**
 * 'Page not found' for unknown paths (spec/product.md §2.1). The router's default
 * not-found component, so it serves public and private paths alike; "/" sends a
 * signed-out visitor on to /checkin through the private guard.
 */
import { Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { BrandMark } from './brand-mark';
import { RouterButton } from '../../ui/router-link';

export function NotFoundPage() {
  useDocumentTitle('Page not found · Billionett');
  return (
    <Center mih="100dvh" p="lg" component="main">
      <Stack align="center" gap="md" maw={420} ta="center">
        <BrandMark size={56} />
        <Text fz={64} fw={800} c="brand.7" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <RouterButton to="/">Go to Billionett</RouterButton>
      </Stack>
    </Center>
  );
}
