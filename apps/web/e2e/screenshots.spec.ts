/**
 * Screenshots of every screen for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots
 * Writes <repo>/screenshots/e2e/<screen>-<device>-<scheme>-<lang>.png (gitignored).
 */
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, newUser, registerUser, test, type TestUser, waitForAnimations } from './support/fixtures.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

const OUT = path.resolve(import.meta.dirname, '../../../screenshots/e2e');

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
} satisfies Record<string, BrowserContextOptions>;
const SCHEMES = ['light', 'dark'] as const;
const LANGUAGES = ['pt', 'en'] as const;

type Screen = {
  name: string;
  path: string;
  signedIn?: boolean;
  ready: (page: Page) => Promise<void>;
};
/** Generous: this run loads 72 pages on a small machine. */
const READY_MS = 30_000;
const heading = (page: Page) =>
  expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: READY_MS });
const SCREENS: Screen[] = [
  { name: 'home', path: '/app/', ready: heading },
  {
    name: 'login',
    path: '/app/auth/login',
    ready: (p) => expect(p.getByRole('link', { name: /Google/ })).toBeVisible({ timeout: READY_MS }),
  },
  {
    name: 'register',
    path: '/app/auth/registrar',
    ready: (p) => expect(p.getByRole('combobox').last()).toBeEnabled({ timeout: READY_MS }),
  },
  { name: 'confirm', path: '/app/auth/confirmar-email', ready: heading },
  { name: 'forgot', path: '/app/auth/esqueci-senha', ready: heading },
  {
    name: 'reset',
    path: '/app/auth/redefinir-senha?userId=00000000-0000-4000-8000-000000000000&token=screenshot-token',
    ready: heading,
  },
  {
    name: 'profile',
    path: '/app/auth/perfil',
    signedIn: true,
    ready: (p) => expect(p.getByRole('heading', { level: 2 }).nth(1)).toBeVisible({ timeout: READY_MS }),
  },
  {
    name: 'access-denied',
    path: '/app/sistema',
    signedIn: true,
    ready: heading,
  },
  { name: 'not-found', path: '/app/nao-existe', ready: heading },
  { name: 'ranking-method', path: '/app/rankings/como-funciona', ready: heading },
  {
    name: 'login-session-ended',
    path: '/app/auth/login?sessao=encerrada',
    ready: (p) => expect(p.getByRole('link', { name: /Google/ })).toBeVisible({ timeout: READY_MS }),
  },
  {
    name: 'teams-no-match',
    path: '/app/camisas?busca=zzzz',
    ready: (p) =>
      expect(p.getByRole('button', { name: /Limpar busca|Clear search/ })).toBeVisible({ timeout: READY_MS }),
  },
];

let member: TestUser;

test.beforeAll(async ({ request }) => {
  member = await registerUser(
    request,
    newUser('shots', { name: 'Rafael Albuquerque Monteiro', city: 'Belo Horizonte', state: 'MG' }),
  );
});

/**
 * A session of its own for each context (refresh tokens rotate, so contexts must not share one),
 * stored the way the app keeps it: base64 of UTF-8 JSON under manto.user / manto.tokens.
 */
async function signedInStorage(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/auth/login', { data: { email: member.email, password: member.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { email, name, team, roles, accessToken, refreshToken, expiresAt } = (await res.json()) as Record<
    string,
    unknown
  >;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
  return {
    'manto.user': encode({ email, name, team, roles }),
    'manto.tokens': encode({ accessToken, refreshToken, expiresAt }),
  };
}

async function open(
  browser: Browser,
  device: keyof typeof DEVICES,
  scheme: string,
  lang: string,
  storage: Record<string, string>,
  browserErrors: string[],
) {
  const context = await browser.newContext({
    ...DEVICES[device],
    baseURL: test.info().project.use.baseURL,
    colorScheme: scheme as 'light' | 'dark',
    locale: lang === 'pt' ? 'pt-BR' : 'en-GB',
  });
  context.on('page', (page) => {
    page.on('console', (m) => m.type() === 'error' && browserErrors.push(`${page.url()}: ${m.text()}`));
    page.on('pageerror', (e) => browserErrors.push(`${page.url()}: ${e.message}`));
  });
  await context.addInitScript(
    (items) => {
      if (location.protocol !== 'http:') return; // about:blank has no storage
      // Only what is missing, so the app's own writes (e.g. rotated tokens) are never undone.
      for (const [key, value] of Object.entries(items))
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    { 'manto-color-scheme': scheme, i18nextLng: lang, ...storage },
  );
  return context;
}

for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
  for (const scheme of SCHEMES) {
    for (const lang of LANGUAGES) {
      test(`screens ${device} ${scheme} ${lang}`, async ({ browser, request }) => {
        test.setTimeout(180_000);
        const browserErrors: string[] = [];
        const contexts = {
          out: await open(browser, device, scheme, lang, {}, browserErrors),
          in: await open(browser, device, scheme, lang, await signedInStorage(request), browserErrors),
        };
        for (const screen of SCREENS) {
          const page = await (screen.signedIn ? contexts.in : contexts.out).newPage();
          await page.goto(screen.path);
          await screen.ready(page);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await page.evaluate(() => document.fonts.ready);
          await page.waitForLoadState('networkidle');
          await waitForAnimations(page);
          await page.screenshot({
            path: path.join(OUT, `${screen.name}-${device}-${scheme}-${lang}.png`),
            fullPage: true,
          });
          await page.close();
        }
        await contexts.out.close();
        await contexts.in.close();
        expect(browserErrors, 'browser console errors').toEqual([]);
      });
    }
  }
}
