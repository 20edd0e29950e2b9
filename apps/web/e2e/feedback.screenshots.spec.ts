/**
 * Screenshots of the feedback form and /sistema/feedbacks for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots feedback
 * Writes <repo>/screenshots/e2e/feedback-<view>-<device>-<scheme>-<lang>.png (gitignored): the form as a
 * visitor sees it (with a field error), the Sistema list and one feedback's detail.
 */
import path from 'node:path';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { adminToken } from './support/catalogue.ts';
import { ADMIN, expect, test, waitForAnimations } from './support/fixtures.ts';
import { sistemaRecords } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
// One seeding for every shot: sending feedback is limited to 5 an hour per member and per address.
test.describe.configure({ mode: 'serial' });

const OUT = path.resolve(import.meta.dirname, '../../../screenshots/e2e');
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  mobile: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
} satisfies Record<string, BrowserContextOptions>;

let suffix = '';
let detailTitle = '';

test.beforeAll(async ({ request }) => {
  suffix = Date.now().toString(36);
  detailTitle = `O ranking por time não carrega no Safari ${suffix}`;
  const token = await adminToken(request);
  const send = async (data: Record<string, string>, member: boolean) => {
    const res = await request.post('/api/feedback', {
      data: { pagePath: '/rankings', ...data },
      headers: member ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const bug = await send(
    {
      type: 'bug',
      title: detailTitle,
      message: 'Abro o ranking do meu time no iPhone e a lista fica em branco.\nNo computador funciona.',
      email: `torcedor-${suffix}@example.com`,
    },
    false,
  );
  await send(
    { type: 'praise', title: `Adorei os duelos ${suffix}`, message: 'Muito divertido votar nas camisas!' },
    true,
  );
  const idea = await send(
    {
      type: 'suggestion',
      title: `Camisas de goleiro ${suffix}`,
      message: 'Seria legal ter camisas de goleiro também.',
    },
    true,
  );
  const patch = (id: string, data: unknown) =>
    request.patch(`/api/manage/feedbacks/${id}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect((await patch(bug.id, { priority: 'high', note: 'Reproduzido no Safari 17.' })).status()).toBe(200);
  expect((await patch(idea.id, { status: 'reviewed', priority: 'low' })).status()).toBe(200);
});

async function shoot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready);
  await waitForAnimations(page);
  await page.screenshot({ path: path.join(OUT, `feedback-${name}.png`), fullPage });
}

for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
  for (const scheme of ['light', 'dark'] as const) {
    for (const lang of ['pt', 'en'] as const) {
      test(`feedback ${device} ${scheme} ${lang}`, async ({ browser, request }) => {
        const tag = `${device}-${scheme}-${lang}`;
        const en = lang === 'en';
        const contextOptions = {
          ...DEVICES[device],
          baseURL: test.info().project.use.baseURL,
          colorScheme: scheme,
          locale: en ? 'en-GB' : 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
        } as const;

        // The form, as a visitor opens it from the footer, with one field error showing.
        const visitor = await browser.newContext(contextOptions);
        await visitor.addInitScript(
          (items) => {
            for (const [key, value] of Object.entries(items))
              if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          },
          { 'manto-color-scheme': scheme, i18nextLng: lang },
        );
        const home = await visitor.newPage();
        await home.goto('/app/');
        await home
          .getByRole('contentinfo')
          .getByRole('button', { name: en ? 'Send feedback' : 'Enviar feedback' })
          .click();
        const form = home.getByRole('dialog');
        await form.getByRole('radio', { name: en ? 'Suggestion' : 'Sugestão' }).check();
        await form
          .getByRole('textbox', { name: en ? /^Title/ : /^Título/ })
          .fill(en ? 'Goalkeeper kits' : 'Camisas de goleiro');
        await form.getByRole('textbox', { name: en ? /^Message/ : /^Mensagem/ }).fill(en ? 'Too short' : 'Curta');
        await form.getByRole('button', { name: en ? 'Send' : 'Enviar', exact: true }).click();
        await expect(form.getByText(en ? 'Use at least 10 characters.' : 'Use ao menos 10 caracteres.')).toBeVisible();
        await shoot(home, `form-${tag}`, false);
        await visitor.close();

        // Sistema, as the admin.
        const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
        expect(login.status()).toBe(200);
        const { email, name, team, roles, accessToken, refreshToken, expiresAt } = (await login.json()) as Record<
          string,
          unknown
        >;
        const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
        const context = await browser.newContext(contextOptions);
        await context.addInitScript(
          (items) => {
            for (const [key, value] of Object.entries(items))
              if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
          },
          {
            'manto-color-scheme': scheme,
            i18nextLng: lang,
            'manto.user': encode({ email, name, team, roles }),
            'manto.tokens': encode({ accessToken, refreshToken, expiresAt }),
          },
        );
        const page = await context.newPage();
        await page.goto(`/app/sistema/feedbacks?busca=${suffix}`);
        // A table on wide screens, cards on a phone.
        await expect(sistemaRecords(page, /^Feedbacks?$/)).toHaveCount(3);
        await shoot(page, `list-${tag}`);
        await page.getByRole('button', { name: detailTitle }).click();
        await expect(page.getByRole('dialog', { name: detailTitle })).toBeVisible();
        await shoot(page, `detail-${tag}`, false);
        await page.goto('/app/sistema');
        await expect(page.getByRole('link', { name: en ? /Pending feedback/ : /Feedbacks pendentes/ })).toBeVisible();
        if (device === 'desktop') await shoot(page, `dashboard-${tag}`);
        await context.close();
      });
    }
  }
}
