/**
 * The public pages' frame (spec/product.md §2.1): the brand panel, the
 * Checkin/Registration switch and the screen. Mobile: a compact brand band above
 * the form; desktop: a split screen.
 */
import type { ReactNode } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { SkipLink, skipTarget, skipTargetClass } from '../../ui/skip-link';
import { BrandMark } from './brand-mark';
import classes from './auth-layout.module.css';

export const TAGLINE = 'An online hub where elites meet, greet and share common interest.';

/** Registration and its second step, subscription, light up the Registration side. */
const REGISTRATION_PATHS = ['/registration', '/subscription'];

export function AuthLayout({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const onRegistration = REGISTRATION_PATHS.includes(pathname);
  const onCheckin = pathname === '/checkin';

  return (
    <div className={classes.root}>
      <SkipLink />
      <header className={classes.brand}>
        <Link to="/checkin" className={classes.brandName} aria-label="Billionett">
          <BrandMark size={40} />
          <span>Billionett</span>
        </Link>
        <p className={classes.tagline}>{TAGLINE}</p>
        <ul className={classes.features}>
          <li>Your suite, your vault and your billionetts in one place</li>
          <li>Circles, slates, entries, barter and telex</li>
          <li>Works offline: install it to your home screen</li>
        </ul>
      </header>
      <main {...skipTarget} className={`${classes.main} ${skipTargetClass}`}>
        <nav className={classes.switch} aria-label="Checkin or Registration">
          <div className={classes.switchInner}>
            <Link
              to="/checkin"
              className={classes.switchLink}
              data-current={onCheckin || undefined}
              aria-current={onCheckin ? 'page' : undefined}
            >
              Checkin
            </Link>
            <Link
              to="/registration"
              className={classes.switchLink}
              data-current={onRegistration || undefined}
              aria-current={onRegistration ? 'page' : undefined}
            >
              Registration
            </Link>
          </div>
        </nav>
        <div className={classes.content}>{children}</div>
        <footer className={classes.footer}>© Billionett · Members only</footer>
      </main>
    </div>
  );
}
