import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { APP_PORT, APP_URL, STACK_FILE } from './e2e/support/stack-info.ts';

/**
 * Browser journeys against the built app (run `npm run build` first). `webServer` starts
 * e2e/support/stack.ts: SMTP capture, a local OIDC provider and the app on embedded PGlite.
 * Debian's Chromium is used as is (its headless shell when installed); no browser is downloaded.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * Debian's headless shell (package chromium-headless-shell, what Playwright itself runs headless): the same
 * Blink without the full browser's UI and GPU process. On two cores the journeys take about a third less
 * time than with the full Chromium, which stays the fallback.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
process.env.E2E_STACK_FILE = STACK_FILE;

const chromium = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

const desktop = { ...chromium, viewport: { width: 1280, height: 800 } };
const mobile = {
  ...chromium,
  viewport: { width: 390, height: 844 },
  // Layout is in CSS pixels; a second device pixel per pixel only quadruples what software rendering paints
  // (the screenshots set their own).
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};

/**
 * Publishing terms binds every signed-in account: see the 'terms' project. Every other journey owns its data
 * (its own teams, jerseys, users, tournaments; a client address of its own per test: support/fixtures.ts) and
 * checks what holds whatever the others do, so they all run side by side.
 */
const TERMS = /(^|\/)terms\.spec\.ts$/;
const SCREENSHOTS = /screenshots\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(ROOT, 'test-results'),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Patience, not speed goals: on a 2-core CI machine two browsers, the app and its ranking job share
  // the cores. There the longest journeys (an admin and a visitor, a cup's round) took 55–65 s, and parts
  // drawn after the page settles (the rankings' pickers, the table's code) more than 10 s to appear.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: 'list',
  use: {
    baseURL: APP_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    colorScheme: 'light',
    // A trace screencasts every test to keep the failed ones: on two cores that was a third of the run.
    // E2E_TRACE=1 records them (kept for failures) when a failure needs one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // As patient as `expect`: with every journey side by side on a loaded machine a click and a first page
    // load (six fresh browsers starting at once) each once took over 15 s.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'desktop', use: desktop, testIgnore: [/\.mobile\.spec\.ts$/, SCREENSHOTS, TERMS] },
    { name: 'mobile', use: mobile, testMatch: /\.mobile\.spec\.ts$/ },
    // The one journey that cannot share the stack: publishing new terms makes every signed-in account (the
    // admin that seeds every catalogue included) accept them before any write, 403 TERMS_NOT_ACCEPTED. It is
    // global by nature, so it runs last, alone; it is one short journey.
    { name: 'terms', use: desktop, testMatch: TERMS, dependencies: ['desktop', 'mobile'] },
    // Only for `npm run test:full` (SCREENSHOTS=1); they set their own viewports.
    ...(process.env.SCREENSHOTS ? [{ name: 'screenshots', use: desktop, testMatch: SCREENSHOTS }] : []),
  ],
  webServer: {
    command: 'node --import tsx apps/web/e2e/support/stack.ts',
    cwd: ROOT,
    url: `${APP_URL}/api/ready`,
    env: { E2E_STACK_FILE: STACK_FILE, E2E_PORT: String(APP_PORT) },
    reuseExistingServer: Boolean(process.env.E2E_REUSE_STACK),
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
