/**
 * Screenshots of /sistema/usuarios for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots sistema-users
 * Writes <repo>/screenshots/e2e/sistema-users-<view>-<device>-<scheme>-<lang>.png (gitignored): the list
 * (an Admin, a Moderator, an unconfirmed member), a detail dialog and an action's confirmation.
 */
import type { APIRequestContext } from '@playwright/test';
import type { ManageUserList } from '@manto/contracts';
import { adminToken } from './support/catalogue.ts';
import { expect, newUser, readMail, extractLink, test } from './support/fixtures.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
test.describe.configure({ mode: 'parallel' });

let suffix = '';
const names = { moderator: '', pending: '' };

/** Two registrations (the API allows 10 per 15 minutes per address): one confirmed and made Moderator, one not. */
async function register(request: APIRequestContext, name: string, confirm: boolean): Promise<string> {
  const user = newUser('shot', { name });
  const res = await request.post('/api/auth/register', {
    data: {
      ...user,
      confirmPassword: user.password,
      gender: 'female',
      favouriteTeam: 'flamengo',
      acceptTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (confirm) {
    const link = new URL(
      extractLink((await readMail(user.email, 'Confirme seu e-mail')).text, '/app/auth/confirmar-email'),
    );
    expect((await request.get(`/api/auth/confirm-email${link.search}`)).status()).toBe(200);
  }
  return user.email;
}

test.beforeAll(async ({ request }) => {
  suffix = Math.random().toString(36).slice(2, 7);
  names.moderator = `Marta Moderadora ${suffix}`;
  names.pending = `Paulo Pendente ${suffix}`;
  const email = await register(request, names.moderator, true);
  await register(request, names.pending, false);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const found = (await (
    await request.get('/api/manage/users', { params: { search: email }, headers })
  ).json()) as ManageUserList;
  const res = await request.put(`/api/manage/users/${found.items[0]!.id}/roles`, {
    data: { roles: ['Moderator'] },
    headers,
  });
  expect(res.status()).toBe(200);
});

for (const view of VIEWS) {
  test(`sistema users ${view.tag}`, async ({ browser, request }) => {
    const { tag } = view;
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await page.goto('/app/sistema/usuarios');
    // A table on wide screens, cards on a phone.
    await expect(page.getByRole('table').or(page.getByRole('list', { name: /Usuários|Users/ }))).toBeVisible();
    await expect(page.getByText(names.pending)).toBeVisible();
    await shoot(page, `sistema-users-list-${tag}`);

    await page.getByRole('button', { name: new RegExp(`(Gerenciar|Manage) ${names.pending}`) }).click();
    await expect(page.getByRole('dialog').getByText(/Recife/)).toBeVisible();
    await shoot(page, `sistema-users-detail-${tag}`, false);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: new RegExp(`(Gerenciar|Manage) ${names.moderator}`) }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Desativar conta|Deactivate account/ })
      .click();
    await expect(page.getByRole('dialog').getByText(/sessões terminam|session ends/)).toBeVisible();
    await shoot(page, `sistema-users-confirm-${tag}`, false);
    await page.context().close();
    expect(errors).toEqual([]);
  });
}
