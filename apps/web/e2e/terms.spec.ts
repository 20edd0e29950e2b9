import type { APIRequestContext } from '@playwright/test';
import type { ManageTermsList } from '@manto/contracts';
import { adminToken } from './support/catalogue.ts';
import { ADMIN, expect, newUser, registerUser, signIn, test } from './support/fixtures.ts';

// Publishing terms binds every signed-in account of the shared server, so this journey runs alone,
// after every other journey (playwright.config.ts, project 'terms').

/** A draft left by an earlier, interrupted run would turn "Nova versão" into "Abrir rascunho". */
async function deleteLeftoverDraft(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const list = (await (await request.get('/api/manage/terms', { headers })).json()) as ManageTermsList;
  const draft = list.items.find((item) => item.status === 'draft');
  if (draft) expect((await request.delete(`/api/manage/terms/${draft.version}`, { headers })).status()).toBe(204);
}

test('an Admin publishes new terms; a member must accept them before writing again', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // The member's save refused for terms not accepted (403) is part of the journey.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 403/);
  const suffix = Math.random().toString(36).slice(2, 7);
  const title = `Termos de uso e2e ${suffix}`;
  const member = await registerUser(request, newUser('terms'));
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();

  await test.step('a member is denied Sistema → Termos, and opens the profile', async () => {
    await signIn(memberPage, member);
    await memberPage.goto('/app/sistema/termos');
    await expect(memberPage.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await memberPage.goto('/app/auth/perfil');
    await expect(memberPage.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  });

  await test.step('the Admin writes a new version, prefilled from the current one, and previews it', async () => {
    await deleteLeftoverDraft(request);
    await signIn(page, ADMIN);
    await page.goto('/app/sistema');
    await page
      .getByRole('navigation', { name: 'Menu do sistema' })
      .getByRole('link', { name: 'Termos de uso' })
      .click();
    await expect(page).toHaveURL(/\/app\/sistema\/termos$/);
    const table = page.getByRole('table', { name: 'Termos de uso' });
    await expect(table.getByText('Atual')).toBeVisible();

    await page.getByRole('button', { name: 'Nova versão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova versão dos termos' });
    const ptTitle = dialog.getByRole('group', { name: 'Português' }).getByRole('textbox', { name: 'Título' });
    await expect(ptTitle).not.toHaveValue('');
    await ptTitle.fill(title);
    const ptBody = dialog.getByRole('group', { name: 'Português' }).getByRole('textbox', { name: 'Texto' });
    await ptBody.fill(`${await ptBody.inputValue()}\n\n## Novidade ${suffix}\n\n- Uma regra **nova** desta versão.`);

    await dialog.getByRole('tab', { name: 'Prévia' }).click();
    await expect(dialog.getByText(title)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: `Novidade ${suffix}` })).toBeVisible();
    await dialog.getByText('Inglês', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Inglês' })).toBeChecked();
    await expect(dialog.getByText(title)).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Rascunho da versão \d+ criado/ })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Rascunho · versão \d+/ })).toBeVisible();
  });

  await test.step('publishing asks first, and says every member will have to accept', async () => {
    const draft = page.getByRole('dialog', { name: /Rascunho · versão \d+/ });
    await draft.getByRole('button', { name: 'Publicar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Publicar os termos' });
    await expect(confirm.getByText(/todos os membros terão de aceitá-la/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Versão \d+ publicada/ })).toBeVisible();
    const table = page.getByRole('table', { name: 'Termos de uso' });
    await expect(table.getByRole('row').filter({ hasText: title }).getByText('Atual')).toBeVisible();
    await expect(table.getByText('Anterior').first()).toBeVisible();
  });

  await test.step('the Admin is bound too, and accepts', async () => {
    const consent = page.getByRole('dialog', { name: 'Os termos de uso mudaram' });
    await expect(consent).toBeVisible();
    await consent.getByRole('button', { name: 'Aceitar e continuar' }).click();
    await expect(consent).toBeHidden();
  });

  await test.step('the member’s next write is refused; the profile stays open, and elsewhere the dialog blocks', async () => {
    const city = memberPage.getByRole('textbox', { name: 'Cidade', exact: true });
    await city.fill('Olinda');
    await memberPage.getByRole('button', { name: 'Salvar' }).click();
    await expect(
      memberPage.getByText('Os termos de uso mudaram. Leia e aceite a nova versão para continuar.'),
    ).toBeVisible();
    // On the profile a member who refuses can still download their data and delete the account.
    await expect(memberPage.getByRole('dialog', { name: 'Os termos de uso mudaram' })).toHaveCount(0);
    await memberPage.goto('/app/');
    await expect(memberPage.getByRole('dialog', { name: 'Os termos de uso mudaram' })).toBeVisible();
  });

  await test.step('on the next visit the dialog is there; Escape does not close it; accepting does', async () => {
    await memberPage.reload();
    const consent = memberPage.getByRole('dialog', { name: 'Os termos de uso mudaram' });
    await expect(consent).toBeVisible();
    await expect(consent.getByText(title)).toBeVisible();
    await expect(consent.getByRole('button', { name: /fechar/i })).toHaveCount(0);
    await expect(consent.getByRole('link', { name: 'ir ao perfil' })).toBeVisible();
    await memberPage.keyboard.press('Escape');
    await expect(consent).toBeVisible();
    await consent.getByRole('button', { name: 'Aceitar e continuar' }).click();
    await expect(consent).toBeHidden();
  });

  await test.step('after accepting, the member uses the app again', async () => {
    await memberPage.goto('/app/auth/perfil');
    await expect(memberPage.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(memberPage.getByRole('dialog', { name: 'Os termos de uso mudaram' })).toHaveCount(0);
    const city = memberPage.getByRole('textbox', { name: 'Cidade', exact: true });
    await city.fill('Olinda');
    await memberPage.getByRole('button', { name: 'Salvar' }).click();
    await expect(memberPage.getByRole('alert').filter({ hasText: 'Perfil atualizado.' })).toBeVisible();
  });

  await memberContext.close();
});
