/**
 * The own suite layout (spec §2.2): the profile panel, the menu bar and a search
 * box. In search mode (the path contains 'search') the tabs switch to the search
 * pages and carry the query. `compact` (the suite's child pages) drops the panel.
 */
import { Badge, Box, Group, Paper, Text, Title } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ProfileRow } from '../../store/db';
import { HeaderSearch } from '../../ui/header-search';
import { HiddenTitle } from '../../ui/hidden-title';
import { isActive, SectionMenu, type MenuItem } from '../../ui/section-menu';
import classes from '../../ui/sub-layout.module.css';

const PLAIN: [string, string][] = [
  ['Suite', '/suite'],
  ['Vault', '/suite/vault'],
  ['Billionetts', '/suite/billionetts'],
  ['Circle', '/suite/circles'],
  ['Slate', '/suite/slate'],
];
const SEARCH: [string, string][] = [
  ['Suite', '/suite/search'],
  ['Billionetts', '/suite/billionetts/search'],
  ['Circle', '/suite/circles/search'],
  ['Slate', '/suite/slate/search'],
  ['Barter', '/suite/barter/search'],
];

export function suiteMenu(pathname: string, searchStr: string): MenuItem[] {
  const searching = pathname.includes('search');
  const q = new URLSearchParams(searchStr).get('q') ?? '';
  return (searching ? SEARCH : PLAIN).map(([label, path]) => ({
    label,
    href: searching ? `${path}?q=${encodeURIComponent(q)}` : path,
    active: searching ? pathname === path : isActive(pathname, path, '/suite'),
  }));
}

export function SuiteLayout({ profile, compact, children }: { profile: ProfileRow; compact: boolean; children: ReactNode }) {
  const { pathname, searchStr } = useLocation();
  const menu = suiteMenu(pathname, searchStr);
  // The child pages show no profile panel, so their h1 is the tab they are on.
  const tab = menu.find((item) => item.active)?.label;
  return (
    <>
      {compact && <HiddenTitle>{pathname.includes('search') ? `Search ${tab ?? ''}`.trim() : (tab ?? 'Suite')}</HiddenTitle>}
      <Paper withBorder radius="md" mb="md" className={classes.panel} data-plan={profile.planName.toLowerCase()}>
        {!compact && (
          <Box className={classes.cover} px="lg" py="md">
            <Group justify="space-between" align="flex-end" wrap="nowrap">
              <div>
                <Title order={1} size="h3" c="white">
                  {profile.displayName}
                </Title>
                <Text size="sm" c="white" opacity={0.9}>
                  {[profile.professionName, profile.locationName].filter(Boolean).join(' · ')}
                </Text>
              </div>
              <Badge variant="white" color="dark" tt="capitalize" style={{ flexShrink: 0 }}>
                {profile.planName}
              </Badge>
            </Group>
          </Box>
        )}
        <Group justify="space-between" px="sm" wrap="wrap" gap="xs" className={classes.menuRow}>
          <SectionMenu label="Suite" items={menu} />
          <Box className={classes.search}>
            <HeaderSearch />
          </Box>
        </Group>
      </Paper>
      {children}
    </>
  );
}
