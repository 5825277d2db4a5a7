/** The client's entry: providers, router, service worker. Wiring only. */
// First: zod must not probe for eval under our CSP (zod-csp.ts).
// oxlint-disable-next-line import/no-unassigned-import
import './zod-csp';
// Side-effect imports are how Mantine's styles load.
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/core/styles.css';
// oxlint-disable-next-line import/no-unassigned-import
import '@mantine/notifications/styles.css';
// Emoji for devices without an emoji font (feelings, activities, what members type):
// 'Billionett Emoji', last in the theme's fonts (vite.config.ts emojiFont).
// oxlint-disable-next-line import/no-unassigned-import
import '@fontsource/noto-emoji/400.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { TOAST_MS } from '../contract/codes';
import { router } from './router';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './ui/color-scheme';
import { cssVariablesResolver, theme } from './shell/theme';
import { reshapeWhenEmojiLoads } from './shell/emoji-reshape';
import { registerServiceWorker } from './pwa/register';
import { UpdatePrompt } from './pwa/update-prompt';

reshapeWhenEmojiLoads();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <Notifications position="top-center" autoClose={TOAST_MS} />
      <RouterProvider router={router} />
      <UpdatePrompt />
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();
