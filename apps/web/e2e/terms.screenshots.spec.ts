/**
 * Screenshots of the terms screens for a visual review — not part of the normal run:
 *   SCREENSHOTS=1 npx playwright test -c apps/web/playwright.config.ts --project screenshots terms
 * Writes <repo>/screenshots/e2e/terms-<view>-<device>-<scheme>-<lang>.png (gitignored): Sistema → Termos
 * with a draft's preview open, and the re-consent dialog. Nothing is published: the dialog is shown by
 * answering /api/me with `termsPending: true`, and the draft made here is deleted afterwards.
 */
import type { ManageTerms, ManageTermsList } from '@manto/contracts';
import { adminToken } from './support/catalogue.ts';
import { expect, test } from './support/fixtures.ts';
import { VIEWS, shoot, viewPage } from './support/screenshots.ts';

test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take the screenshots');
// One draft for every shot, made once and removed at the end.
test.describe.configure({ mode: 'serial' });

let createdDraft: number | null = null;

test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = (await (await request.get('/api/manage/terms', { headers })).json()) as ManageTermsList;
  if (list.items.some((item) => item.status === 'draft')) return;
  const current = list.items.find((item) => item.status === 'current')!;
  const texts = (await (await request.get(`/api/manage/terms/${current.version}`, { headers })).json()) as ManageTerms;
  const res = await request.post('/api/manage/terms', {
    headers,
    data: {
      titlePt: texts.titlePt,
      titleEn: texts.titleEn,
      bodyPt: `${texts.bodyPt}\n\n## Feedback\n\n- Mensagens enviadas pelo formulário são lidas pela equipe.\n- **Não** envie dados sensíveis.`,
      bodyEn: `${texts.bodyEn}\n\n## Feedback\n\n- Messages sent through the form are read by the team.\n- **Do not** send sensitive data.`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  createdDraft = ((await res.json()) as ManageTerms).version;
});

test.afterAll(async ({ request }) => {
  if (createdDraft === null) return;
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  await request.delete(`/api/manage/terms/${createdDraft}`, { headers });
});

for (const view of VIEWS) {
  test(`terms ${view.tag}`, async ({ browser, request }) => {
    const { tag } = view;
    const page = await viewPage(browser, request, view, { baseURL: test.info().project.use.baseURL });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

    await page.goto('/app/sistema/termos');
    await expect(page.getByRole('table')).toBeVisible();
    await shoot(page, `terms-list-${tag}`);

    await page.getByRole('button', { name: /Abrir rascunho|Open draft/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    await shoot(page, `terms-editor-${tag}`, false);
    await dialog.getByRole('tab', { name: /Prévia|Preview/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Feedback' })).toBeVisible();
    await shoot(page, `terms-preview-${tag}`, false);

    // The re-consent dialog, without publishing anything: the profile says new terms wait.
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), termsPending: true } });
    });
    await page.goto('/app/');
    await expect(
      page.getByRole('dialog', { name: /Os termos de uso mudaram|The terms of use have changed/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Aceitar e continuar|Accept and continue/ })).toBeVisible();
    await shoot(page, `terms-reconsent-${tag}`, false);
    await page.context().close();
    expect(errors).toEqual([]);
  });
}
