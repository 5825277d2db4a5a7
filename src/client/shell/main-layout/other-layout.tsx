/**
 * Another member's, a circle's and a slate's layouts (spec §2.2): their menu bars.
 * Their panels (picture card, owner header) come with the billionetts, circles and
 * slates issues; the circle or slate name is shown when the side menu knows it.
 */
import { Paper, Text } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isActive, SectionMenu } from './section-menu';
import classes from './sub-layout.module.css';

const TABS = {
  billionett: { label: 'Billionett', tabs: [['Suite', 'suite'], ['Vault', 'vault'], ['Billionetts', 'billionetts'], ['Circles', 'circles'], ['Slates', 'slates']] },
  circle: { label: 'Circle', tabs: [['Suite', 'suite'], ['Vault', 'vault'], ['Members', 'members']] },
  slate: { label: 'Slate', tabs: [['Suite', 'suite'], ['Vault', 'vault'], ['Followers', 'followers']] },
} as const;

export type OtherLayoutProps = { kind: keyof typeof TABS; code: string; name?: string; children: ReactNode };

export function OtherLayout({ kind, code, name, children }: OtherLayoutProps) {
  const { pathname } = useLocation();
  const base = `/${kind}/${encodeURIComponent(code)}`;
  const { label, tabs } = TABS[kind];
  const items = tabs.map(([text, path]) => {
    const href = `${base}/${path}`;
    return { label: text, href, active: isActive(pathname, href, base) };
  });
  return (
    <>
      <Paper withBorder radius="md" mb="md" className={classes.panel}>
        {name && (
          <Text fw={700} px="md" pt="sm">
            {name}
          </Text>
        )}
        <div className={classes.menuRow}>
          <SectionMenu label={label} items={items} />
        </div>
      </Paper>
      {children}
    </>
  );
}
