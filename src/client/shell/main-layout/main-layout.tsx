/**
 * The private main layout (spec §2.2–2.3): header, side menu, footer, and the
 * sub-layout the path calls for. It reads everything from Dexie and asks the worker
 * to refresh the shell rows; the page itself renders only once all of them are
 * cached, so every screen below can rely on them.
 */
import { AppShell } from '@mantine/core';
import { useDisclosure, useFocusTrap, useLocalStorage } from '@mantine/hooks';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { preloadOutboxOnFirstInput } from '../../store/enqueue';
import { SuiteLayout } from '../../suite/components/suite-layout';
import { CallHost } from '../../telex/call/components/call-host';
import { HeaderSearch } from '../../ui/header-search';
import { SkipLink, skipTarget, skipTargetClass } from '../../ui/skip-link';
import { useMedia } from '../../ui/use-media';
import { useShellData, type ReadyShellData } from '../queries';
import { MainFooter } from './main-footer';
import { MainHeader } from './main-header';
import { ShellGate } from './shell-gate';
import { SideMenu } from './side-menu';
import { subLayoutOf } from './sub-layout';
import { useAppBadge } from './use-app-badge';
import { useOnline } from '../../ui/use-online';

export function MainLayout({ me, children }: { me: string; children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [navOpened, nav] = useDisclosure(false);
  const [mini, setMini] = useLocalStorage({ key: 'billionett:nav-mini', defaultValue: false, getInitialValueInEffect: false });
  const online = useOnline();
  const data = useShellData(me);
  useAppBadge(me);
  // The outbox's code, loaded before the member's first write (store/enqueue.ts).
  useEffect(() => preloadOutboxOnFirstInput(), []);

  // On a phone the menu is a drawer over the page: while open, Tab stays in it (it opens on
  // its first link, not the search box, which would raise the keyboard) and Escape closes
  // it, focus back on the burger. Mantine's sm breakpoint (48em) is where it becomes one.
  const phone = useMedia('(max-width: 47.99em)');
  const trapRef = useFocusTrap(navOpened && phone);
  // A phone's closed drawer is off the screen: its links are drawn the first time it opens,
  // and kept for the slide out (drawn at once, they were ~100 elements and a live query's
  // worth of the opening screen's one long task on a slow phone).
  const [drawerDrawn, setDrawerDrawn] = useState(false);
  if (navOpened && !drawerDrawn) setDrawerDrawn(true);
  const burger = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !navOpened) return;
    nav.close();
    burger.current?.focus();
  };
  // A tap on a menu link on a phone should show the page, not keep the drawer over it.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) nav.close();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 40 }}
      navbar={{ width: mini ? 72 : 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      {/* First in the document: the first thing Tab reaches. */}
      <SkipLink />
      <AppShell.Header>
        <MainHeader
          me={me}
          profile={data?.profile}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          burgerRef={burger}
        />
      </AppShell.Header>
      <AppShell.Navbar ref={trapRef} id="side-menu" aria-label="Side menu" onClick={closeOnLink} onKeyDown={closeOnEscape}>
        {(!phone || drawerDrawn) && (
          <SideMenu
            me={me}
            menu={data?.menu}
            pathname={pathname}
            // The drawer on phones always shows labels: minified is a desktop choice.
            mini={mini && !navOpened}
            onToggleMini={() => setMini((value) => !value)}
            top={navOpened ? <HeaderSearch onDone={nav.close} /> : undefined}
          />
        )}
      </AppShell.Navbar>
      <AppShell.Main {...skipTarget} className={skipTargetClass}>
        <ShellGate data={data} online={online}>
          {(ready) => (
            <SubLayoutFor pathname={pathname} data={ready}>
              {children}
            </SubLayoutFor>
          )}
        </ShellGate>
      </AppShell.Main>
      <AppShell.Footer>
        <MainFooter utilization={data?.utilization} />
      </AppShell.Footer>
      {/* Here, not in telex: a call goes on while the member moves between screens. */}
      <CallHost me={me} />
    </AppShell>
  );
}

function SubLayoutFor({ pathname, data, children }: { pathname: string; data: ReadyShellData; children: ReactNode }) {
  const sub = subLayoutOf(pathname);
  switch (sub.kind) {
    case 'suite':
      return (
        <SuiteLayout profile={data.profile} compact={sub.compact}>
          {children}
        </SuiteLayout>
      );
    case 'circle':
    case 'slate':
    case 'billionett':
      // Their own layout routes frame them (routes/_main/billionett/$userCode.tsx, circle/$groupCode.tsx,
      // slate/$pageCode.tsx): profile or picture card and tabs.
      return <>{children}</>;
    default:
      return <>{children}</>;
  }
}
