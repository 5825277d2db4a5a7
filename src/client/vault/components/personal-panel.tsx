/**
 * The vault's personal details panel (spec §2.8): first, last and display name,
 * profession and gender with its icon; edit opens the Personal Details drawer.
 */
import { ActionIcon, Group, Paper, SimpleGrid, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { PersonalRow, ProfileRow } from '../../store/db';
import { IconEdit, IconFemale, IconGenderOther, IconMale } from '../../ui/icons';
import { SyncMark } from '../../ui/sync-mark';
import { discardWrite, retryWrite } from '../commands';
import { useWriteState } from '../queries';
import { PersonalDrawer } from './personal-drawer';
import { Field } from './field';

export function PersonalPanel({ me, details }: { me: string; details: PersonalRow | ProfileRow }) {
  const [editing, drawer] = useDisclosure(false);
  const state = useWriteState(me, 'personal.update');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="personal-title">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="personal-title">
          Personal Details
        </Title>
        <Tooltip label="Edit personal details">
          <ActionIcon variant="subtle" aria-label="Edit personal details" onClick={drawer.open}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <PersonalFields details={details} />
      {state && (
        <div style={{ marginTop: 12 }}>
          <SyncMark state={state} what="Personal details" onRetry={retryWrite} onDiscard={discardWrite} />
        </div>
      )}
      <PersonalDrawer me={me} details={details} opened={editing} onClose={drawer.close} />
    </Paper>
  );
}

/** The details themselves, as the own panel and another member's vault both show them. */
export function PersonalFields({ details }: { details: Pick<PersonalRow, 'firstName' | 'lastName' | 'displayName' | 'professionName' | 'gender'> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      <Field label="First name">{details.firstName}</Field>
      <Field label="Last name">{details.lastName}</Field>
      <Field label="Display name">{details.displayName}</Field>
      <Field label="Profession">{details.professionName}</Field>
      <Field label="Gender">
        <Group gap={6} wrap="nowrap">
          <GenderIcon gender={details.gender} />
          <span>{details.gender}</span>
        </Group>
      </Field>
    </SimpleGrid>
  );
}

function GenderIcon({ gender }: { gender: string }) {
  const g = gender.toLowerCase();
  if (g === 'male') return <IconMale size={18} color="var(--mantine-color-blue-6)" />;
  if (g === 'female') return <IconFemale size={18} color="var(--mantine-color-pink-6)" />;
  return <IconGenderOther size={18} color="var(--mantine-color-grape-6)" />;
}
