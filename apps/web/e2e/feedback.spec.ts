/**
 * Feedback end to end: a signed-out visitor sends it from the footer; the seeded admin finds it in
 * /sistema/feedbacks, reviews and resolves it, and the list shows it resolved. (Axe: a11y.spec.ts.)
 */
import { ADMIN, expect, signIn, test } from './support/fixtures.ts';

test('a visitor sends feedback from the footer and the admin resolves it in Sistema', async ({ page }) => {
  const suffix = Date.now().toString(36);
  const title = `Placar some no celular ${suffix}`;

  await page.goto('/app/rankings');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Enviar feedback' }).click();
  const form = page.getByRole('dialog', { name: 'Enviar feedback' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: 'Bug' }).check();
  await form.getByRole('textbox', { name: /^Título/ }).fill(title);
  await form
    .getByRole('textbox', { name: /^Mensagem/ })
    .fill('No ranking, o placar <b>some</b> quando giro o celular.');
  await form.getByRole('textbox', { name: /^E-mail para resposta/ }).fill(`visitante-${suffix}@example.com`);
  await form.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page.getByText('Feedback enviado. Obrigado!')).toBeVisible();
  await expect(form).toBeHidden();

  await signIn(page, ADMIN);
  await page.goto(`/app/sistema/feedbacks?busca=${suffix}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pendente')).toBeVisible();
  await expect(row.getByText('Visitante')).toBeVisible();

  await row.getByRole('button', { name: title }).click();
  const detail = page.getByRole('dialog', { name: title });
  // Markup in the message is shown as typed.
  await expect(detail.getByText('No ranking, o placar <b>some</b> quando giro o celular.')).toBeVisible();
  await expect(detail.getByText('/rankings')).toBeVisible();
  await detail.getByRole('button', { name: 'Marcar como revisado' }).click();
  await expect(detail.getByRole('button', { name: 'Marcar como resolvido' })).toBeVisible();
  await detail.getByRole('button', { name: 'Marcar como resolvido' }).click();
  await expect(detail.getByRole('button', { name: 'Reabrir' })).toBeVisible();
  // Focus stays in the dialog after a move, so Escape closes it. (Its close button sits under the two
  // toasts just shown, top right as the spec wants them, until they leave.)
  await expect(detail.getByRole('button', { name: 'Reabrir' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(row.getByText('Resolvido')).toBeVisible();

  // The resolved filter keeps it; the pending one no longer does.
  await page.goto(`/app/sistema/feedbacks?busca=${suffix}&situacao=pending`);
  await expect(page.getByText('Nenhum feedback encontrado.')).toBeVisible();
  await page.goto(`/app/sistema/feedbacks?busca=${suffix}&situacao=resolved`);
  await expect(page.getByRole('row').filter({ hasText: title }).getByText('Resolvido')).toBeVisible();
});
