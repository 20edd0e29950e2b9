import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { ADMIN, expect, test, testAddress, waitForAnimations } from './fixtures.ts';

// What the screenshot specs share (`SCREENSHOTS=1 … --project screenshots`): where the PNGs go, the two
// devices, every device × scheme × language, and a page already signed in with the theme and language set.

export const OUT = path.resolve(import.meta.dirname, '../../../../screenshots/e2e');

export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

export interface View {
  device: keyof typeof DEVICES;
  scheme: 'light' | 'dark';
  lang: 'pt' | 'en';
  /** `<device>-<scheme>-<lang>`, the end of every file name. */
  tag: string;
}

export const VIEWS: View[] = (Object.keys(DEVICES) as View['device'][]).flatMap((device) =>
  (['light', 'dark'] as const).flatMap((scheme) =>
    (['pt', 'en'] as const).map((lang) => ({ device, scheme, lang, tag: `${device}-${scheme}-${lang}` })),
  ),
);

const sessions = new Map<string, { body: Record<string, unknown>; at: number }>();

/** One sign-in per account and worker for a few minutes: the shots of one screen need not hash the password 8 times. */
async function signIn(request: APIRequestContext, account: { email: string; password: string }) {
  const cached = sessions.get(account.email);
  if (cached && Date.now() - cached.at < 4 * 60_000) return cached.body;
  const login = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  const body = (await login.json()) as Record<string, unknown>;
  sessions.set(account.email, { body, at: Date.now() });
  return body;
}

/**
 * A page in a fresh context for `view`, with the theme and language stored as the app keeps them and, unless
 * `signedIn` is false, the session of `account` (the seeded Admin by default) — no login form on every shot.
 */
export async function viewPage(
  browser: Browser,
  request: APIRequestContext,
  view: View,
  {
    baseURL,
    signedIn = true,
    account = ADMIN,
  }: { baseURL: string | undefined; signedIn?: boolean; account?: { email: string; password: string } },
): Promise<Page> {
  const items: Record<string, string> = { 'manto-color-scheme': view.scheme, i18nextLng: view.lang };
  if (signedIn) {
    const { email, name, team, roles, accessToken, refreshToken, expiresAt } = await signIn(request, account);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
    items['manto.user'] = encode({ email, name, team, roles });
    items['manto.tokens'] = encode({ accessToken, refreshToken, expiresAt });
  }
  const context = await browser.newContext({
    ...DEVICES[view.device],
    baseURL,
    colorScheme: view.scheme,
    locale: view.lang === 'pt' ? 'pt-BR' : 'en-GB',
    timezoneId: 'America/Sao_Paulo',
    // The test's own client address, as the test's page and request have (fixtures.ts).
    extraHTTPHeaders: { 'x-forwarded-for': testAddress(test.info().workerIndex) },
  });
  await context.addInitScript((stored) => {
    if (location.protocol !== 'http:') return;
    for (const [key, value] of Object.entries(stored))
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  }, items);
  return context.newPage();
}

/**
 * A Sistema list's records: the table's body rows on a wide screen, or on a phone the cards of the list named
 * `label` (the list's title).
 */
export function sistemaRecords(page: Page, label: RegExp) {
  return page.locator('table tbody tr').or(page.getByRole('list', { name: label }).getByRole('listitem'));
}

/** Waits for fonts and animations, then writes `<name>.png`; a dialog is shot as the viewport shows it. */
export async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await waitForAnimations(page);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
}
