/**
 * Another member's layout (spec §2.2, §2.7): their profile card and the menu bar
 * Suite / Vault / Billionetts / Circles / Slates. A tab whose feature access code is
 * 106 (userPrivacyResponse of their personal info) is hidden. Everything reads from
 * Dexie, so a suite visited before opens offline; the layout refreshes it on visit.
 */
import { Paper, Skeleton } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { ACCESS_RESTRICTED } from '../../../contract/codes';
import { sync } from '../../sync/client';
import type { PersonalRow } from '../../store/db';
import { NotFound } from '../../ui/not-found';
import { isActive, SectionMenu } from '../../ui/section-menu';
import classes from '../../ui/sub-layout.module.css';
import { useMemberView } from '../member-queries';
import { MemberCard } from './member-card';

/** Each tab and the privacy features it opens; hidden only when every one of them is 106. */
const TABS: [label: string, path: string, features: string[]][] = [
  ['Suite', 'suite', ['suite']],
  ['Vault', 'vault', ['personal', 'work', 'education']],
  ['Billionetts', 'billionetts', ['billionetts']],
  ['Circles', 'circles', ['circles']],
  ['Slates', 'slates', ['slates']],
];

export function visibleTabs(personal: PersonalRow | undefined): typeof TABS {
  // Unknown access (their personal details are hidden, or not yet pulled): show every tab;
  // the server still answers 106 for what is hidden and the page shows the privacy picture.
  if (!personal) return TABS;
  const hidden = new Set(
    personal.userPrivacyResponse.filter((r) => r.privacyResponseCode === ACCESS_RESTRICTED).map((r) => r.featureName),
  );
  return TABS.filter(([, , features]) => !features.every((f) => hidden.has(f)));
}

export function BillionettLayout({ me, userCode, children }: { me: string; userCode: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const view = useMemberView(me, userCode);
  useEffect(() => {
    void sync.pull({ kind: 'profile', userCode }).catch(() => undefined);
    void sync.pull({ kind: 'personal', userCode }).catch(() => undefined);
  }, [userCode]);

  if (view && !view.profile && view.profileError === 404) return <NotFound />;
  const base = `/billionett/${encodeURIComponent(userCode)}`;
  const items = visibleTabs(view?.personal).map(([label, path]) => {
    const href = `${base}/${path}`;
    return { label, href, active: isActive(pathname, href, base) };
  });
  return (
    <>
      <Paper withBorder radius="md" mb="md" className={classes.panel} data-plan={view?.profile?.planName.toLowerCase()}>
        {view?.profile ? <MemberCard profile={view.profile} /> : <Skeleton height={150} radius={0} role="status" aria-label="Loading" />}
        <div className={classes.menuRow}>
          <SectionMenu label="Billionett" items={items} />
        </div>
      </Paper>
      {children}
    </>
  );
}
