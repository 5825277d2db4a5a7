/**
 * The main dialogs and drawers of the app, for the app-wide audits (a11y.e2e.ts): where each
 * opens (a screen of app-screens.ts, or any signed-in screen) and how, in the member's words.
 */
import type { Page } from 'playwright-core';
import { settle } from './app-screens';

export type Dialog = {
  name: string;
  /** The screen (app-screens.ts name) it opens from; undefined: the header, on any screen. */
  on?: string;
  /** Opens it and leaves it settled; `check` is called again for each step it audits. */
  open: (page: Page, check: (step: string) => Promise<void>) => Promise<void>;
};

async function openByButton(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).first().click();
  await page.getByRole('dialog').first().waitFor();
  await settle(page);
}

async function tab(page: Page, name: string, check: (step: string) => Promise<void>, step: string): Promise<void> {
  await page.getByRole('dialog').getByRole('tab', { name }).click();
  await settle(page);
  await check(step);
}

export const DIALOGS: Dialog[] = [
  {
    name: 'composer',
    on: 'home',
    open: async (page, check) => {
      await openByButton(page, 'Create entry');
      await check('composer');
    },
  },
  {
    name: 'bulletins',
    open: async (page, check) => {
      await openByButton(page, /^Bulletins/);
      await check('bulletins');
    },
  },
  {
    name: 'settings',
    open: async (page, check) => {
      await openByButton(page, 'Settings');
      await check('settings-privacy');
      await tab(page, 'Bulletin Settings', check, 'settings-bulletins');
      await tab(page, 'Appearance', check, 'settings-appearance');
    },
  },
  {
    name: 'requests',
    open: async (page, check) => {
      await openByButton(page, 'Billionett requests');
      await check('requests');
    },
  },
  {
    name: 'personal-details',
    on: 'suite-vault',
    open: async (page, check) => {
      await openByButton(page, 'Edit personal details');
      await check('personal-details');
    },
  },
  {
    name: 'work',
    on: 'suite-vault',
    open: async (page, check) => {
      await openByButton(page, 'Add work');
      await check('work');
    },
  },
  {
    name: 'education',
    on: 'suite-vault',
    open: async (page, check) => {
      await openByButton(page, 'Add education');
      await check('education');
    },
  },
  {
    name: 'plans',
    on: 'suite-vault',
    open: async (page, check) => {
      await openByButton(page, 'Change Plan');
      await check('plans');
    },
  },
  {
    name: 'circle-create',
    on: 'suite-circles',
    open: async (page, check) => {
      await openByButton(page, 'Add Circle');
      await check('circle-create');
    },
  },
  {
    name: 'barter-add',
    on: 'barter',
    open: async (page, check) => {
      await openByButton(page, 'Add New Service');
      await check('barter-add');
    },
  },
  {
    name: 'barter-service',
    on: 'barter',
    open: async (page, check) => {
      // A service card's heading opens the service.
      await page.getByRole('article').first().getByRole('button').first().click();
      await page.getByRole('dialog').first().waitFor();
      await settle(page);
      await check('barter-service');
    },
  },
];

/** Closes whatever dialog is open, as a member would (Escape), and waits until it has gone. */
export async function closeDialogs(page: Page): Promise<void> {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(150);
  }
  await page.getByRole('dialog').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  await settle(page);
}
