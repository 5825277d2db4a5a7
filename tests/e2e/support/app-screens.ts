/**
 * Every screen of the app, for the app-wide audits (a11y.e2e.ts): the signed-out routes, and
 * the signed-in ones with real codes from the demo community (the member's own circle and
 * slate, a billionett's suite, an entry of the home feed), plus the main dialogs and drawers.
 * Screens are opened inside the running app (no reload per screen) and awaited until their
 * loaders are gone.
 */
import type { Page } from 'playwright-core';
import { accessToken, userData } from './pages';

export type Screen = { name: string; path: string };

export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'checkin', path: '/checkin' },
  { name: 'registration', path: '/registration' },
  { name: 'forgot-password', path: '/forgotpassword' },
  { name: 'reset-password-invalid', path: '/reset-password/not-a-token' },
  { name: 'confirmation-registered', path: '/confirmation?reg=success' },
  { name: 'confirmation-reset', path: '/confirmation?reg=resetpassword' },
];

async function api<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const token = await accessToken(page);
  const answer = await fetch(`${baseUrl}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return ((await answer.json()) as { data: T }).data;
}

type Menu = { groups: { groupCode: string; statusCode: number }[]; pages: { pageCode: string; statusCode: number }[] };
type FeedPage = { userPosts: { originalPost: { postCode: string; featureCode: number; postGalleries: unknown[] } }[] };

/** The signed-in screens for the member `page` is checked in as (the seed gives Amara circles, slates and billionetts). */
export async function signedInScreens(page: Page, baseUrl: string): Promise<Screen[]> {
  const { id } = await userData(page);
  if (!id) throw new Error('not checked in');
  const menu = await api<Menu>(page, baseUrl, `user/menu/${id}`);
  const circle = menu.groups.find((g) => g.statusCode === 9)?.groupCode;
  const slate = menu.pages.find((p) => p.statusCode === 9)?.pageCode;
  const friends = await api<{ userCode: string }[]>(page, baseUrl, `user/friends?userCode=${id}&pageNo=1&pageSize=1`);
  const friend = friends[0]?.userCode;
  const feed = await api<FeedPage>(page, baseUrl, 'user/posts/all?pageNo=1&pageSize=5');
  const posts = feed.userPosts.map((p) => p.originalPost);
  const entry = posts.find((p) => p.postGalleries.length > 0) ?? posts[0];
  if (!circle || !slate || !friend || !entry) throw new Error('the seed gives this member no circle, slate, billionett or feed entry');
  const q = encodeURIComponent('design');
  return [
    { name: 'home', path: '/' },
    { name: 'suite', path: '/suite' },
    { name: 'suite-billionetts', path: '/suite/billionetts' },
    { name: 'suite-circles', path: '/suite/circles' },
    { name: 'suite-slates', path: '/suite/slate' },
    { name: 'suite-vault', path: '/suite/vault' },
    { name: 'search-entries', path: `/suite/search?q=${q}` },
    { name: 'search-billionetts', path: `/suite/billionetts/search?q=${encodeURIComponent('a')}` },
    { name: 'search-circles', path: `/suite/circles/search?q=${q}` },
    { name: 'search-slates', path: `/suite/slate/search?q=${q}` },
    { name: 'search-barter', path: `/suite/barter/search?q=${q}` },
    { name: 'barter', path: '/barter' },
    { name: 'barter-search', path: `/barter/search?q=${q}` },
    { name: 'telex', path: '/telex' },
    { name: 'common', path: '/common' },
    { name: 'containers', path: '/containers' },
    { name: 'news', path: '/news' },
    { name: 'telex-conversation', path: `/telex?with=${friend}` },
    { name: 'billionett-suite', path: `/billionett/${friend}/suite` },
    { name: 'billionett-billionetts', path: `/billionett/${friend}/billionetts` },
    { name: 'billionett-circles', path: `/billionett/${friend}/circles` },
    { name: 'billionett-slates', path: `/billionett/${friend}/slates` },
    { name: 'billionett-vault', path: `/billionett/${friend}/vault` },
    { name: 'circle', path: `/circle/${circle}/suite` },
    { name: 'circle-members', path: `/circle/${circle}/members` },
    { name: 'circle-vault', path: `/circle/${circle}/vault` },
    { name: 'slate', path: `/slate/${slate}/suite` },
    { name: 'slate-followers', path: `/slate/${slate}/followers` },
    { name: 'slate-vault', path: `/slate/${slate}/vault` },
    { name: 'entry', path: `/entries/${entry.postCode}` },
    { name: 'entry-viewer', path: `/entry/${entry.featureCode}?code=${entry.postCode}` },
    { name: 'settings-sessions', path: '/settings/sessions' },
    { name: 'settings-passkeys', path: '/settings/passkeys' },
    { name: 'settings-delete-account', path: '/settings/delete-account' },
    { name: 'settings-data', path: '/settings/data' },
    { name: 'not-found', path: '/no-such-page' },
  ];
}

/**
 * Opens `path` inside the running app, as a link would (TanStack Router follows the
 * history's popstate), so the app and its local database stay warm between screens.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  // The router loads the route's code before it renders; settle's quiet period covers it.
  await settle(page);
}

const inflight = new WeakMap<Page, Map<unknown, number>>();

/** The page's (and its workers') requests under way, with their start, from the first settle on. */
function requestsOf(page: Page): Map<unknown, number> {
  let open = inflight.get(page);
  if (!open) {
    const started = new Map<unknown, number>();
    page.on('request', (r) => void started.set(r, Date.now()));
    page.on('requestfinished', (r) => void started.delete(r));
    page.on('requestfailed', (r) => void started.delete(r));
    inflight.set(page, started);
    open = started;
  }
  return open;
}

/**
 * A request the page dropped when it left a screen (the map's basemap, cancelled inside its
 * worker) reports neither an end nor a failure; past this age it no longer counts as under way.
 */
const STALE_REQUEST_MS = 3_000;

/**
 * Waits until no loader or skeleton shows and no request is under way for a moment (a
 * screen's code and its pull), then until running animations (drawers, fades) have ended.
 */
export async function settle(page: Page): Promise<void> {
  const open = requestsOf(page);
  const underWay = () => [...open.values()].some((start) => Date.now() - start < STALE_REQUEST_MS);
  const busy = page.locator('.mantine-Loader:visible, .mantine-Skeleton:visible, .bn-splash');
  const deadline = Date.now() + 15_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    if (!underWay() && (await busy.count()) === 0) {
      if (!quietSince) quietSince = Date.now();
      if (Date.now() - quietSince >= 300) break;
    } else {
      quietSince = 0;
    }
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}
