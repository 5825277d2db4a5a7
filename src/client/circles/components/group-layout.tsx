/**
 * A circle's or a slate's layout (spec §2.2 "Circle menu" / "Slate menu", §2.7): its
 * picture card and menu bar. The details are pulled on every visit (the spec's layouts
 * "fetch details when the current code differs from the route code"; the mirror makes a
 * visit cheap, and a revoked membership shows at once) and read from Dexie, so a suite
 * opened before shows offline.
 * Tabs: Suite, Vault, Members (circle) / Followers (slate); the picture card carries where
 * the member stands and what they can do about it (standing-actions.tsx).
 */
import { Paper } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { isActive, SectionMenu } from '../../ui/section-menu';
import classes from '../../ui/sub-layout.module.css';
import { refreshGroup } from '../commands';
import { useGroup, type GroupKind } from '../queries';
import { GroupCard } from './group-card';
import { GroupMissing } from './group-missing';
import { StandingActions } from './standing-actions';

const TABS = {
  circle: { label: 'Circle', tabs: [['Suite', 'suite'], ['Vault', 'vault'], ['Members', 'members']] },
  slate: { label: 'Slate', tabs: [['Suite', 'suite'], ['Vault', 'vault'], ['Followers', 'followers']] },
} as const;

export function GroupLayout({ me, kind, code, children }: { me: string; kind: GroupKind; code: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const state = useGroup(me, kind, code);
  useEffect(() => {
    void refreshGroup(kind, code);
  }, [kind, code]);

  // Nothing cached and the last pull failed: missing, hidden, or never seen while offline.
  if (state && !state.view && state.error !== undefined) return <GroupMissing kind={kind} status={state.error} />;
  const base = `/${kind}/${encodeURIComponent(code)}`;
  const { label, tabs } = TABS[kind];
  const items = tabs.map(([text, path]) => {
    const href = `${base}/${path}`;
    return { label: text, href, active: isActive(pathname, href, base) };
  });
  return (
    <>
      <Paper withBorder radius="md" mb="md" className={classes.panel}>
        <GroupCard view={state?.view} actions={state?.view && <StandingActions me={me} view={state.view} />} />
        <div className={classes.menuRow}>
          <SectionMenu label={label} items={items} />
        </div>
      </Paper>
      {children}
    </>
  );
}
