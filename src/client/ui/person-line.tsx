/**
 * A member as one line of a narrow list (the circle suite's invite list, spec §2.10:
 * "rows with Invite and Later buttons"): small framed picture, name and profession, and
 * the row's actions under them, so the column stays readable at any width.
 */
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CardPerson } from './person-card';
import { MemberAvatar } from './framed-avatar';
import { HrefLink } from './href-link';

export function PersonLine({ person, href, status, footer, busy }: { person: CardPerson; href?: string; status?: ReactNode; footer?: ReactNode; busy?: boolean }) {
  return (
    <Box component="article" aria-label={person.displayName} aria-busy={busy || undefined} style={{ opacity: busy ? 0.6 : 1 }} py={6}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <MemberAvatar member={person} size="xs" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" lineClamp={1} dir="auto">
            {href ? (
              <Anchor component={HrefLink} href={href} c="inherit" underline="hover" inherit>
                {person.displayName}
              </Anchor>
            ) : (
              person.displayName
            )}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {person.professionName}
          </Text>
          {status}
          {footer}
        </Stack>
      </Group>
    </Box>
  );
}
