import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The app's port for the e2e run; the SPA is at http://localhost:<port>/app/. */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3100);
export const APP_URL = `http://localhost:${APP_PORT}`;

/** The admin the stack configures through ADMIN_EMAIL/ADMIN_PASSWORD. */
export const ADMIN = {
  email: 'admin@e2e.manto.test',
  password: 'E2e-admin-Passw0rd!',
} as const;

/** The identity the OIDC mock signs into its ID tokens unless a test sets another. */
export const DEFAULT_OIDC_IDENTITY = {
  sub: 'e2e-google-default',
  email: 'social.default@e2e.manto.test',
  email_verified: true,
  name: 'Social Padrão',
} as const;

export interface StackInfo {
  appUrl: string;
  /** The stack's control server: GET /messages?to=, POST /oidc/identity. */
  controlUrl: string;
  smtpPort: number;
  oidcIssuer: string;
  dataDir: string;
}

/** Where the stack writes its ports for the test workers (one file per app port). */
export const STACK_FILE = process.env.E2E_STACK_FILE ?? path.join(os.tmpdir(), `manto-e2e-stack-${APP_PORT}.json`);

export function readStackInfo(): StackInfo {
  try {
    return JSON.parse(readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  } catch (err) {
    throw new Error(
      `The e2e stack is not running (no ${STACK_FILE}); start it through playwright.config.ts's webServer`,
      {
        cause: err,
      },
    );
  }
}
