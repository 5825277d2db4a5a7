/**
 * The own suite's profile picture card (spec §2.7): framed avatar with the camera and
 * remove controls (§2.13), name, profession, location.
 */
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ProfileRow } from '../../store/db';
import { MemberAvatar } from '../../ui/framed-avatar';
import { IconMapPin } from '../../ui/icons';
import { PictureControls } from '../../ui/picture/picture-controls';

export function ProfileCard({ profile }: { profile: ProfileRow }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Profile picture card">
      <Stack align="center" gap={6} ta="center">
        <MemberAvatar member={profile} size="lg" />
        <PictureControls hasPicture={Boolean(profile.profileDp)} />
        <Title order={2} size="h3" mt="xs">
          {profile.displayName}
        </Title>
        {profile.professionName && (
          <Badge variant="light" size="lg" tt="none">
            {profile.professionName}
          </Badge>
        )}
        {profile.locationName && (
          <Group gap={4} c="dimmed" justify="center">
            <IconMapPin size={16} />
            <Text size="sm">{profile.locationName}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
