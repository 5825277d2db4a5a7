/**
 * The side menu (spec §2.3): Circle and Slate expand to the member's own circles
 * and slates, Barter and Telex link to their pages, each shown only when the
 * member's menu feature is 'Yes'; Checkout signs out. Minified, only icons remain
 * (with tooltips), and Circle/Slate link to their list pages instead of expanding.
 */
import { AppShell, Badge, NavLink, ScrollArea, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { MenuRow } from '../../store/db';
import { HrefLink } from '../../ui/href-link';
import { IconBarter, IconCircle, IconHome, IconSidebar, IconSlate, IconTelex } from '../../ui/icons';
import { useTelexUnread } from '../../telex/hooks/use-telex-unread';
import { CheckoutButton } from './checkout-button';
import classes from './side-menu.module.css';

export type SideMenuProps = {
  me: string;
  menu: MenuRow | undefined;
  pathname: string;
  mini: boolean;
  onToggleMini: () => void;
  /** Extra content on top (the search box on phones). */
  top?: ReactNode;
};

type Entry = { href: string; name: string; active: boolean };

export function SideMenu({ me, menu, pathname, mini, onToggleMini, top }: SideMenuProps) {
  const features = menu?.features;
  const circles: Entry[] = (menu?.groups ?? []).map((g) => ({
    href: `/circle/${encodeURIComponent(g.groupCode)}/suite`,
    name: g.groupName,
    active: g.statusCode === STATUS_ACTIVE,
  }));
  const slates: Entry[] = (menu?.pages ?? []).map((p) => ({
    href: `/slate/${encodeURIComponent(p.pageCode)}/suite`,
    name: p.pageName,
    active: p.statusCode === STATUS_ACTIVE,
  }));
  const is = (prefix: string) => within(pathname, prefix);
  // Unread telex: a badge on the Telex entry, and on the app icon (set by the hook).
  const unread = useTelexUnread(me);

  return (
    <>
      {top && <AppShell.Section p="sm">{top}</AppShell.Section>}
      <AppShell.Section grow component={ScrollArea} px={mini ? 6 : 'sm'} py="sm">
        <nav aria-label="Main">
          <Stack gap={2}>
            <Item mini={mini} href="/" label="Home" icon={<IconHome />} active={pathname === '/'} first />
            {features?.group === 'Yes' && (
              <MenuGroup
                mini={mini}
                label="Circle"
                icon={<IconCircle />}
                entries={circles}
                listHref="/suite/circles"
                pathname={pathname}
                active={is('/circle') || is('/suite/circles')}
              />
            )}
            {features?.page === 'Yes' && (
              <MenuGroup
                mini={mini}
                label="Slate"
                icon={<IconSlate />}
                entries={slates}
                listHref="/suite/slate"
                pathname={pathname}
                active={is('/slate') || is('/suite/slate')}
              />
            )}
            {features?.service === 'Yes' && (
              <Item mini={mini} href="/barter" label="Barter" icon={<IconBarter />} active={is('/barter')} />
            )}
            {features?.chat === 'Yes' && (
              <Item mini={mini} href="/telex" label="Telex" icon={<IconTelex />} active={is('/telex')} count={unread} />
            )}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section px={mini ? 6 : 'sm'} py="sm" className={classes.bottom}>
        <CheckoutButton me={me} mini={mini} />
        <NavLink
          component="button"
          visibleFrom="sm"
          className={classes.item}
          label={mini ? undefined : 'Collapse menu'}
          aria-label={mini ? 'Expand menu' : 'Collapse menu'}
          aria-expanded={!mini}
          leftSection={<IconSidebar />}
          onClick={onToggleMini}
        />
      </AppShell.Section>
    </>
  );
}

type ItemProps = {
  mini: boolean;
  href: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  count?: number;
  /** Where focus lands when the phone's menu opens (main-layout.tsx's focus trap). */
  first?: boolean;
};

function Item({ mini, href, label, icon, active, count = 0, first }: ItemProps) {
  const unread = count > 0 ? `${label}, ${count} unread` : undefined;
  const link = (
    <NavLink
      component={HrefLink}
      href={href}
      className={classes.item}
      label={mini ? undefined : label}
      // Named by what it shows (axe: a name must contain the visible label): 'Telex 1 unread',
      // the word read out only; the icon-only menu has no visible text, so it is labelled.
      aria-label={mini ? (unread ?? label) : undefined}
      leftSection={icon}
      rightSection={
        count > 0 && !mini ? (
          <Badge size="sm" circle>
            {count}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      data-autofocus={first || undefined}
    />
  );
  return mini ? (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

type MenuGroupProps = {
  mini: boolean;
  label: string;
  icon: ReactNode;
  entries: Entry[];
  listHref: string;
  pathname: string;
  active: boolean;
};

function MenuGroup({ mini, label, icon, entries, listHref, pathname, active }: MenuGroupProps) {
  // No circles (or no room to expand): the item goes to the list page itself.
  if (mini || entries.length === 0) return <Item mini={mini} href={listHref} label={label} icon={icon} active={active} />;
  return (
    // A button: the expander must be reachable by keyboard and say it expands (an <a> without href is neither).
    <NavLink component="button" label={label} leftSection={icon} className={classes.item} defaultOpened={active} childrenOffset={28}>
      {entries.map((entry) =>
        entry.active ? (
          <NavLink
            key={entry.href}
            component={HrefLink}
            href={entry.href}
            label={entry.name}
            active={within(pathname, entry.href.replace(/\/suite$/, ''))}
          />
        ) : (
          // Not active (statusCode ≠ 9): shown dimmed and without a link (spec §4).
          <NavLink key={entry.href} label={entry.name} disabled />
        ),
      )}
    </NavLink>
  );
}

const within = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);
