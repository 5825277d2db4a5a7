/**
 * A sub-layout's menu bar (spec §2.2): links styled as tabs. The current one is
 * marked aria-current; on narrow screens the bar scrolls sideways.
 */
import { ScrollArea } from '@mantine/core';
import { HrefLink } from './href-link';
import classes from './section-menu.module.css';

export type MenuItem = { label: string; href: string; active: boolean };

export function SectionMenu({ items, label }: { items: MenuItem[]; label: string }) {
  return (
    <ScrollArea type="never" offsetScrollbars={false}>
      <nav aria-label={label} className={classes.bar}>
        {items.map((item) => (
          <HrefLink
            key={item.label}
            href={item.href}
            className={classes.tab}
            aria-current={item.active ? 'page' : undefined}
            data-active={item.active || undefined}
          >
            {item.label}
          </HrefLink>
        ))}
      </nav>
    </ScrollArea>
  );
}

/** Active when the path is the item's own path (or, for non-root items, below it). */
export function isActive(pathname: string, href: string, root: string): boolean {
  const path = href.split('?')[0] ?? href;
  if (path === root) return pathname === root || pathname === `${root}/search`;
  return pathname === path || pathname.startsWith(`${path}/`);
}
