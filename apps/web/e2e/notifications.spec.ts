import { seedCatalogue, uniqueSuffix } from './support/catalogue.ts';
import {
  appReady,
  expect,
  extractLink,
  newUser,
  readMail,
  registerUser,
  signIn,
  test,
  testAddress,
} from './support/fixtures.ts';
import { createTournament, waitForRound } from './support/tournaments.ts';

/**
 * Follow and be told (docs/notifications.md): a member follows a tournament before it starts, chooses its
 * e-mail, is told by the bell that its first round opened, gets the day's digest, and stops the e-mails from
 * the mail's link without signing in. Its catalogue and tournament are its own.
 */
test('a member follows a tournament, is told its round opened, and unsubscribes from the mail', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Sino FC',
        jerseys: [2021, 2022, 2023, 2024].map((season) => ({ model: 'Titular', season })),
      },
    ],
  });
  const name = `Copa Sino ${uniqueSuffix()}`;
  // It starts in a few seconds: time to follow it first.
  const tournament = await createTournament(request, {
    namePt: name,
    size: 4,
    jerseyIds: cat.teams[0]!.jerseys.map((j) => j.id),
    startsAt: new Date(Date.now() + 8_000),
  });
  const member = await registerUser(request, newUser('sino'));
  await signIn(page, member);

  await page.goto(`/app/torneios/${tournament.slug}`);
  await page.getByRole('button', { name: `Seguir ${name}` }).click();
  await expect(page.getByRole('button', { name: `Seguir ${name}`, pressed: true })).toBeVisible();

  await page.goto('/app/notificacoes');
  await expect(page.getByRole('region', { name: 'O que você segue' })).toContainText(name);
  const email = page.getByRole('checkbox', { name: 'Torneios: rodadas e resultados' });
  await email.click();
  await expect(page.getByText('Preferências de e-mail salvas.')).toBeVisible();
  await expect(email).toBeChecked();

  await waitForRound(request, tournament.slug, 1);
  // The job tells within seconds; the bell shows it on the next page.
  const bell = page.getByRole('link', { name: 'Notificações: 1 não lida' });
  await expect(async () => {
    await page.goto('/app/');
    await expect(bell).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await bell.click();
  const told = page.getByRole('link', { name: `${name}: a rodada 1 começou. Vote!` });
  await expect(told).toBeVisible();
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByRole('link', { name: 'Notificações', exact: true })).toBeVisible();

  const mail = await readMail(member.email, /novidade do que você segue/);
  expect(mail.text).toContain(`${name}: a rodada 1 começou`);
  const stop = extractLink(mail.text, '/app/notificacoes/cancelar');

  // The link works in a browser that is not signed in.
  const elsewhere = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': testAddress(test.info().workerIndex) },
  });
  const visitor = await elsewhere.newPage();
  await visitor.goto(stop);
  await appReady(visitor);
  await expect(
    visitor.getByText('Parar de receber por e-mail as notificações de Torneios: rodadas e resultados?'),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Cancelar e-mails' }).click();
  await expect(visitor.getByText('E-mails cancelados')).toBeVisible();
  await elsewhere.close();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Torneios: rodadas e resultados' })).not.toBeChecked();
});
