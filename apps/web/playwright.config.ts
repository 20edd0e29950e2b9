import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { APP_PORT, APP_URL, STACK_FILE } from './e2e/support/stack-info.ts';

/**
 * Browser journeys against the built app (run `npm run build` first). `webServer` starts
 * e2e/support/stack.ts: SMTP capture, a local OIDC provider and the app on embedded PGlite.
 * Debian's Chromium is used as is; no browser is downloaded.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
process.env.E2E_STACK_FILE = STACK_FILE;

const chromium = {
  ...devices['Desktop Chrome'],
  channel: undefined,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** Specs that cast votes (see the duels and rankings projects); tournament votes count in the global ranking. */
const VOTING = /(duels|rankings|segments|tournaments)(\.mobile)?\.spec\.ts$/;
const LOGIN_THROTTLE = /login-throttle\.spec\.ts$/;
const PRODUCTS = /products\.spec\.ts$/;
/** Publishing terms binds every signed-in account: see the 'terms' project. */
const TERMS = /(^|\/)terms\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(ROOT, 'test-results'),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  // Patience, not speed goals: on a 2-core CI machine two browsers, the app and its ranking job share
  // the cores. There the longest journeys (two members, three axe scans) took 55–65 s, and parts drawn
  // after the page settles (the rankings' pickers, the table's code) more than 10 s to appear.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL: APP_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'desktop',
      use: desktop,
      testIgnore: [/\.mobile\.spec\.ts$/, /screenshots\.spec\.ts$/, VOTING, LOGIN_THROTTLE, TERMS, PRODUCTS],
    },
    { name: 'mobile', use: mobile, testMatch: /\.mobile\.spec\.ts$/, testIgnore: VOTING },
    // The login throttle journey counts sign-ins from this machine's one address (30 a minute per
    // address): alone, so other journeys' sign-ins in the same minute cannot push it over.
    { name: 'login-throttle', use: desktop, testMatch: LOGIN_THROTTLE, dependencies: ['desktop', 'mobile'] },
    // Journeys that vote in the global duel or a tournament run after the others (a vote on another
    // journey's jersey would rightly block its deletion: votes are append-only), and the rankings
    // journeys, which check an order their own votes make, after the duel journeys.
    // The products journey reads exact dashboard inventory counts: alone, so the shop journey's
    // products (desktop project) cannot move them in between.
    { name: 'products', use: desktop, testMatch: PRODUCTS, dependencies: ['login-throttle'] },
    { name: 'duels', use: desktop, testMatch: /(duels|tournaments)\.spec\.ts$/, dependencies: ['products'] },
    { name: 'duels-mobile', use: mobile, testMatch: /duels\.mobile\.spec\.ts$/, dependencies: ['products'] },
    // The segment journeys (segments.spec.ts) check rankings by who voted, which their own fans' votes make.
    {
      name: 'rankings',
      use: desktop,
      testMatch: /(rankings|segments)\.spec\.ts$/,
      dependencies: ['duels', 'duels-mobile'],
    },
    {
      name: 'rankings-mobile',
      use: mobile,
      testMatch: /rankings\.mobile\.spec\.ts$/,
      dependencies: ['duels', 'duels-mobile'],
    },
    // Publishing new terms makes every signed-in account accept them before any write (403
    // TERMS_NOT_ACCEPTED), which would break the journeys still running: this one runs after all.
    { name: 'terms', use: desktop, testMatch: TERMS, dependencies: ['rankings', 'rankings-mobile'] },
    // Only with SCREENSHOTS=1 (the spec skips itself otherwise); it sets its own viewports.
    { name: 'screenshots', use: desktop, testMatch: /screenshots\.spec\.ts$/ },
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
