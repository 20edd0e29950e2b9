import { seedCatalogue } from './support/catalogue.ts';
import { duelBoard, duelSides, pairOnScreen, swipe, voteBy } from './support/duels.ts';
import { expect, test, waitForAnimations } from './support/fixtures.ts';

test('on a 390 px phone a visitor votes by tapping and swiping, and the pictures never move', async ({
  page,
  request,
}) => {
  const cat = await seedCatalogue(request, {
    teams: [
      {
        name: 'Maré Atlético',
        jerseys: [
          { model: 'Titular', season: 2024 },
          { model: 'Titular', season: 2023, color: '#1F4FA3' },
          { model: 'Reserva', season: 2024, color: '#F5F5F5' },
          { model: 'Reserva', season: 2022, color: '#F2C200' },
        ],
      },
    ],
  });
  const team = cat.teams[0]!;
  await page.goto(`/app/comparar/times/${team.slug}`);
  await expect(page.getByRole('heading', { name: `Duelo: ${team.name}`, level: 1 })).toBeVisible();
  await pairOnScreen(page);
  // Touch screens get the swipe hint instead of the keyboard shortcuts.
  await expect(page.getByText('Toque na camisa preferida ou deslize para o lado dela')).toBeVisible();
  await expect(page.getByText('Atalhos: ← esquerda · → direita · ↑ empate · ↓ nenhuma')).toBeHidden();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Inside a team's duel the result names jerseys by season and model.
  const short = (name: string) => name.replace(`${team.name} `, '');
  const left = duelSides(page).first();
  const right = duelSides(page).last();
  // Measured at rest: a tapped picture eases back from its press scale for a moment.
  const boxes = async () => {
    await waitForAnimations(page);
    return [await left.boundingBox(), await right.boundingBox()];
  };
  const before = await boxes();
  // Side by side, each about half the screen.
  expect(before[0]!.width).toBeGreaterThan(140);
  expect(before[0]!.y).toBe(before[1]!.y);

  const [leftName] = await pairOnScreen(page);
  await voteBy(page, () => left.tap());
  await expect(duelBoard(page).getByRole('status')).toContainText(`Você escolheu ${short(leftName)}`);
  expect(await boxes(), 'the result does not move the pictures').toEqual(before);

  await voteBy(page, () => page.getByRole('button', { name: 'Empate' }).tap());
  await expect(duelBoard(page).getByRole('status')).toContainText('Você deu empate');

  // Swipe towards a jersey to pick it: right → the right one, left → the left one.
  const [, rightName] = await pairOnScreen(page);
  await voteBy(page, () => swipe(page, left, 120));
  await expect(duelBoard(page).getByRole('status')).toContainText(`Você escolheu ${short(rightName)}`);
  const [otherLeft] = await pairOnScreen(page);
  await voteBy(page, () => swipe(page, right, -120));
  await expect(duelBoard(page).getByRole('status')).toContainText(`Você escolheu ${short(otherLeft)}`);
  expect(await boxes()).toEqual(before);
});
