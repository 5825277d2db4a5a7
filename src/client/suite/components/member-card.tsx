/**
 * Another member's profile card (spec §2.7): the picture in their plan's frame, the
 * profession badge, display name, location name, and About on one line with
 * 'Read more'. Horizontal on wide screens, stacked on phones.
 */
import { Badge, Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ProfileRow } from '../../store/db';
import { MemberAvatar } from '../../ui/framed-avatar';
import { IconMapPin } from '../../ui/icons';
import { ClampedText } from './clamped-text';

export function MemberCard({ profile }: { profile: ProfileRow }) {
  return (
    <Group gap="lg" align="center" wrap="wrap" p="md" component="section" aria-label="Profile card">
      <MemberAvatar member={profile} size="lg" />
      <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h3">
            {profile.displayName}
          </Title>
          {profile.professionName && (
            <Badge variant="light" tt="none">
              {profile.professionName}
            </Badge>
          )}
        </Group>
        {profile.locationName && (
          <Group gap={4} c="dimmed">
            <IconMapPin size={16} />
            <Text size="sm">{profile.locationName}</Text>
          </Group>
        )}
        {profile.about && (
          <Box>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              About
            </Text>
            <ClampedText key={profile.about} text={profile.about} />
          </Box>
        )}
      </Stack>
    </Group>
  );
}
