import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, test as base, expect } from '@playwright/test';
import type { ParsedMail } from './mime.ts';
import { ADMIN, APP_URL, readStackInfo, type StackInfo } from './stack-info.ts';

export { expect };
export { ADMIN, APP_URL };

export interface CapturedMail extends ParsedMail {
  receivedAt: string;
}

/** A fresh address per test: the API sends at most one mail of a kind per address per minute. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@e2e.manto.test`;
}

let stackCache: StackInfo | null = null;
export function stack(): StackInfo {
  stackCache ??= readStackInfo();
  return stackCache;
}

/**
 * Polls the SMTP capture for the newest mail to `to` whose subject matches. Patient: a journey that registers
 * sixteen members at once (segments.spec.ts) on a busy 2-core machine waits more than 10 s for the outbox.
 */
export async function readMail(to: string, subjectMatch: RegExp | string, timeoutMs = 30_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  const matches = (subject: string) =>
    typeof subjectMatch === 'string' ? subject.includes(subjectMatch) : subjectMatch.test(subject);
  let seen: CapturedMail[] = [];
  while (Date.now() < deadline) {
    const res = await fetch(`${stack().controlUrl}/messages?to=${encodeURIComponent(to)}`);
    seen = (await res.json()) as CapturedMail[];
    const found = seen.filter((m) => matches(m.subject)).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `No mail to ${to} with subject ${String(subjectMatch)} within ${timeoutMs} ms; got: ${JSON.stringify(seen.map((m) => m.subject))}`,
  );
}

/** The first absolute link in `text` whose path starts with `path` (e.g. '/app/auth/confirmar-email'). */
export function extractLink(text: string, path: string): string {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = new URL(match[0].replace(/[).,;]+$/, ''));
    if (url.pathname.startsWith(path)) return url.toString();
  }
  throw new Error(`No link to ${path} in:\n${text}`);
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
  city: string;
  state: string;
  country: string;
  /** The favourite team's slug ('flamengo', the seeded one, unless a journey needs its own fans). */
  favouriteTeam?: string;
}

export function newUser(prefix: string, overrides: Partial<TestUser> = {}): TestUser {
  return {
    name: 'Joana Teste',
    email: uniqueEmail(prefix),
    password: `Camisa-${Math.random().toString(36).slice(2, 10)}-9`,
    city: 'Recife',
    state: 'PE',
    country: 'Brasil',
    ...overrides,
  };
}

let registrations = 0;
/** A client address of its own per API registration (the stack trusts one proxy hop: stack.ts). */
export const registrationAddress = () =>
  `10.${process.pid % 250}.${Math.floor(++registrations / 250)}.${registrations % 250}`;

/** Setup through the API: register, then confirm through the mailed link's userId and token. */
export async function registerUser(request: APIRequestContext, user: TestUser = newUser('member')): Promise<TestUser> {
  // The confirmation comes from the same address: it is rate-limited per address too.
  const headers = { 'x-forwarded-for': registrationAddress() };
  const res = await request.post('/api/auth/register', {
    headers,
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      confirmPassword: user.password,
      city: user.city,
      state: user.state,
      country: user.country,
      gender: 'female',
      favouriteTeam: user.favouriteTeam ?? 'flamengo',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const mail = await readMail(user.email, 'Confirme seu e-mail');
  const link = new URL(extractLink(mail.text, '/app/auth/confirmar-email'));
  const confirmed = await request.get('/api/auth/confirm-email', {
    headers,
    params: {
      userId: link.searchParams.get('userId')!,
      token: link.searchParams.get('token')!,
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return user;
}

/**
 * Signs `page`'s browser in without the form, for every journey that is not about signing in (the
 * form has its own journeys): the API's login from the test's address (its device cookie lands in the
 * context), then the session written where the app keeps it (localStorage `manto.user` and
 * `manto.tokens`, base64 of UTF-8 JSON: apps/web/src/lib/auth-store.ts) before the next page's scripts
 * run. Once per tab (a sessionStorage mark), so signing out in the journey stays signed out.
 */
export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { accessToken, refreshToken, expiresAt, ...sessionUser } = (await res.json()) as Record<string, unknown>;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
  await page.addInitScript(
    ([stored, tokens]) => {
      if (sessionStorage.getItem('e2e.signedIn')) return;
      sessionStorage.setItem('e2e.signedIn', '1');
      localStorage.setItem('manto.user', stored);
      localStorage.setItem('manto.tokens', tokens);
    },
    [encode(sessionUser), encode({ accessToken, refreshToken, expiresAt })] as const,
  );
}

/** Signs in through the login form and waits until the app has left the login page. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/app/auth/login')) await page.goto('/app/auth/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/**
 * An item of an open menu by its name, whether it is rendered as a plain menuitem or as a
 * menuitemradio (the language and theme pickers mean to be radios).
 */
export function menuItem(menu: Locator, name: string): Locator {
  return menu.getByRole('menuitem', { name, exact: true }).or(menu.getByRole('menuitemradio', { name, exact: true }));
}

/** Holds the page's requests for `file` until the returned function lets them go: code that arrives late. */
export async function holdFile(page: Page, file: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(file, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The header's account menu: opens it and returns the menu. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Conta', exact: true }).click();
  return page.getByRole('menu');
}

/**
 * Waits until the page is still: no CSS transition or animation running (drawers slide, menus and
 * toasts fade) and nothing Mantine is about to fade in, for a few frames in a row. Mantine mounts a
 * menu at opacity 0 and starts its transition a frame later, so "nothing running" alone can be true
 * before the fade has begun (axe then reads the half-transparent text as low contrast).
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(() => ((window as Window & { __stillFrames?: number }).__stillFrames = 0));
  await page.waitForFunction(() => {
    const w = window as Window & { __stillFrames?: number };
    const moving =
      document.getAnimations().some((a) => a.playState === 'running') ||
      [...document.querySelectorAll<HTMLElement>('[style*="transition"][style*="opacity"]')].some(
        (el) => el.getClientRects().length > 0 && Number(getComputedStyle(el).opacity) < 1,
      );
    w.__stillFrames = moving ? 0 : (w.__stillFrames ?? 0) + 1;
    return w.__stillFrames >= 3;
  });
}

/**
 * No serious or critical axe violations (WCAG 2 A/AA rules) on the current page, once it is still:
 * nothing busy (a list refetching is dimmed on purpose) and no transition running. `within` (a CSS
 * selector) scans only that part: a dialog or menu opened over a screen that has its own scan, at a
 * fraction of a whole page's cost.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  label = page.url(),
  { soft = false, within }: { soft?: boolean; within?: string } = {},
): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await waitForAnimations(page);
  const axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] });
  if (within) {
    await expect(page.locator(within)).toHaveCount(1);
    axe.include(within);
  }
  const results = await axe.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
  (soft ? expect.soft : expect)(serious, `axe on ${label}:\n${report}`).toEqual([]);
}

interface ConsoleGuard {
  /** Lets console errors matching `pattern` through (e.g. the browser's note on an expected 401). */
  allow(pattern: RegExp): void;
}

/**
 * Every test fails on a browser console error or an uncaught page error (architecture.md,
 * habit 9), unless the test allowed that exact message as an expected network failure.
 */
let addresses = 0;
/**
 * A client address of the test's own (a /24 per test; the stack trusts one proxy hop), so per-address
 * limits and network checks (votes, sign-ins, visitors) see each journey alone, as if each ran on its
 * own machine, and journeys can run side by side.
 */
export function testAddress(workerIndex: number): string {
  return `172.${16 + (workerIndex % 16)}.${++addresses % 256}.${1 + Math.floor(workerIndex / 16)}`;
}

/** Until the app answers input: for a page of a context the test made itself (the fixture's page waits alone). */
export const appReady = (page: Page) => page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

/**
 * Waits, after `page.goto` and `page.reload` to an app page, until the app answers input (`data-app-ready`):
 * a page the server drew shows its content and buttons before its code has run (ADR 0038), and a click
 * then would be lost. Not with JavaScript off, nor for `waitUntil: 'commit'` (a test looking at the page as
 * the server sent it).
 */
function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async (waitUntil?: string) => {
    if (waitUntil === 'commit' || !new URL(page.url()).pathname.startsWith('/app')) return;
    await appReady(page);
  };
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(options?.waitUntil);
    return response;
  };
  return page;
}

export const test = base.extend<{ consoleErrors: ConsoleGuard }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) =>
    use({ ...extraHTTPHeaders, 'x-forwarded-for': testAddress(testInfo.workerIndex) }),
  page: async ({ page, javaScriptEnabled }, use) => use(javaScriptEnabled === false ? page : waitingForTheApp(page)),
  consoleErrors: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const where = message.location();
          errors.push(`console.error: ${message.text()} (${where.url}:${where.lineNumber}) on ${page.url()}`);
        });
        page.on('pageerror', (error) => errors.push(`pageerror: ${error.stack ?? error.message} on ${page.url()}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      if (unexpected.length > 0)
        await testInfo.attach('browser-errors', {
          body: unexpected.join('\n'),
        });
      expect(unexpected, 'browser console errors / page errors').toEqual([]);
    },
    { auto: true },
  ],
});
