/** The app itself, loaded by main.tsx once the first paint is up: providers, router, service worker. Wiring only. */
// First: zod must not probe for eval under our CSP (zod-csp.ts).
// oxlint-disable-next-line import/no-unassigned-import
import './zod-csp';
// Second: a member's IndexedDB reads start before the rest of the graph runs (early-start.ts).
import { EARLY_WAIT_MS, earlyReads } from './shell/early-start';
// Side-effect imports are how Mantine's styles load: per component (shell/mantine.css).
// oxlint-disable-next-line import/no-unassigned-import
import './shell/mantine.css';
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/notifications/styles.css';
// Emoji for devices without an emoji font (feelings, activities, what members type):
// 'Billionett Emoji', last in the theme's fonts (vite.config.ts emojiFont).
// oxlint-disable-next-line import/no-unassigned-import
import '@fontsource/noto-emoji/400.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { preloadOpeningRoute, router } from './router';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './ui/color-scheme';
import { cssVariablesResolver, theme } from './shell/theme';
import { reshapeWhenEmojiLoads } from './shell/emoji-reshape';
import { Toasts } from './shell/toasts';
import { registerServiceWorker } from './pwa/register';
import { whenIdle } from './ui/use-after-first-screen';
import { UpdatePrompt } from './pwa/update-prompt';

preloadOpeningRoute();
reshapeWhenEmojiLoads();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// In a transition, React renders the first screen in slices of a few milliseconds between
// which the browser can run other work (IndexedDB callbacks, input), instead of one long
// task (Lighthouse's total blocking time); the splash stays until the screen is ready.
const mount = () => {
  const app = (
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
        <Toasts />
        <RouterProvider router={router} />
        <UpdatePrompt />
      </MantineProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  startTransition(() => reactRoot.render(app));
};
// A member's first screen renders once the early IndexedDB reads are in (early-start.ts) and
// the router has resolved the opening address (its guards, its screens' code): mounted
// before, the router's own loading changed its state just after the first commit and every
// screen below re-rendered synchronously, in one long task.
void Promise.all([
  Promise.race([earlyReads, new Promise((resolve) => setTimeout(resolve, EARLY_WAIT_MS))]),
  router.load().catch(() => undefined),
]).then(mount);

// Registration (workbox-window's own work, ~10 ms on a slow phone) waits until the browser is
// idle: it was part of this module's one long task, and a returning member's page is already
// controlled by the installed worker; a first visit's install waits at most two seconds.
whenIdle(registerServiceWorker, 2000);
