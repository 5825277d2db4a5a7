/**
 * The header (spec §2.3): burger (phones), brand, global search, the vault and
 * crown modals, the bulletins (issue 16), the sync state and the member's avatar and name.
 */
import { ActionIcon, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Ref } from 'react';
import { BulletinsButton } from '../../bulletins/components/bulletins-button';
import type { ProfileRow } from '../../store/db';
import { SyncIndicator } from '../../sync-state/components/sync-indicator';
import { FramedAvatar } from '../../ui/framed-avatar';
import { HeaderSearch } from '../../ui/header-search';
import { HrefLink } from '../../ui/href-link';
import { IconCrown, IconVault } from '../../ui/icons';
import { lazyDialog } from '../../ui/lazy-dialog';
import { LazyTooltip } from '../../ui/lazy-tooltip';
import classes from './main-header.module.css';

// Closed on nearly every visit: their code loads when the member reaches for them.
const SettingsModal = lazyDialog(() => import('../../vault/components/settings/settings-modal').then((m) => m.SettingsModal));
const RequestsModal = lazyDialog(() => import('../../billionetts/components/requests-modal').then((m) => m.RequestsModal));

export type MainHeaderProps = {
  me: string;
  profile: ProfileRow | undefined;
  navOpened: boolean;
  onToggleNav: () => void;
  /** The burger, where focus returns when the phone's menu closes by Escape. */
  burgerRef?: Ref<HTMLButtonElement>;
};

export function MainHeader({ me, profile, navOpened, onToggleNav, burgerRef }: MainHeaderProps) {
  const [settingsOpened, settings] = useDisclosure(false);
  const [requestsOpened, requests] = useDisclosure(false);
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap">
        <Burger
          ref={burgerRef}
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
          aria-expanded={navOpened}
          aria-controls="side-menu"
        />
        <HrefLink href="/" className={classes.brand} aria-label="Billionett home">
          {/* The mark's letter is drawn by CSS so the link's name is its word alone. */}
          <span className={classes.mark} aria-hidden="true" />
          <span className={classes.word}>Billionett</span>
        </HrefLink>
      </Group>
      <div className={classes.search}>
        <HeaderSearch />
      </div>
      <Group gap={4} wrap="nowrap">
        <LazyTooltip label="Privacy, bulletin and appearance settings">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Settings" onClick={settings.open} onPointerEnter={SettingsModal.preload} onFocus={SettingsModal.preload}>
            <IconVault />
          </ActionIcon>
        </LazyTooltip>
        <BulletinsButton me={me} />
        <LazyTooltip label="Billionett requests">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Billionett requests" onClick={requests.open} onPointerEnter={RequestsModal.preload} onFocus={RequestsModal.preload}>
            <IconCrown />
          </ActionIcon>
        </LazyTooltip>
        <SyncIndicator userCode={me} />
        {profile && (
          <UnstyledButton component={HrefLink} href="/suite" className={classes.me} aria-label={`${profile.displayName}, My suite`}>
            <FramedAvatar
              name={profile.displayName}
              gender={profile.gender}
              planName={profile.planName}
              profileDp={profile.profileDp}
              size="xs"
            />
            <Text size="sm" fw={600} visibleFrom="md" truncate maw={160}>
              {profile.displayName}
            </Text>
          </UnstyledButton>
        )}
      </Group>
      <SettingsModal me={me} opened={settingsOpened} onClose={settings.close} />
      <RequestsModal me={me} opened={requestsOpened} onClose={requests.close} />
    </Group>
  );
}
