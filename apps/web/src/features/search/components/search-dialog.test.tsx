import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '@manto/contracts';
import { closeSearchDialog, openSearchDialog } from '#lib/search-dialog.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { fakeServer, json, renderScreen } from '#lib/testing/render.tsx';
import { SearchDialog } from './search-dialog.tsx';

const flamengo = { slug: 'flamengo', name: 'Flamengo', nameEn: null, article: 'o' as const };
const model = (slug: string, name: string, nameEn: string) => ({ slug, name, nameEn });
const jersey = (season: number, m: ReturnType<typeof model>) => ({
  id: `id-${season}-${m.slug}`,
  slug: `${season}-${m.slug}`,
  team: flamengo,
  model: m,
  season,
  modelYear: String(season),
  image: null,
});
const found: SearchResults = {
  teams: [{ ...flamengo, jerseys: 3 }],
  jerseys: [jersey(2019, model('titular', 'Titular', 'Home')), jersey(2019, model('reserva', 'Reserva', 'Away'))],
  tournaments: [{ slug: 'copa', name: 'Copa das Reservas', nameEn: 'Away Kits Cup' }],
  products: [],
};
const nothing: SearchResults = { teams: [], jerseys: [], tournaments: [], products: [] };

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function open() {
  renderScreen(
    <>
      <SearchDialog />
      <Where />
    </>,
  );
  act(() => openSearchDialog());
  return within(await screen.findByRole('dialog', { name: 'Buscar' }));
}

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  act(() => closeSearchDialog());
  vi.unstubAllGlobals();
});

describe('SearchDialog', () => {
  it('says what to look for, then lists the answer in groups and opens the chosen line with the keys', async () => {
    const sent = fakeServer(({ search }) => json(200, search.get('q') ? found : nothing));
    const user = userEvent.setup();
    const dialog = await open();
    expect(dialog.getByText(/flamengo 2019 reserva/)).toBeTruthy();
    const input = dialog.getByRole('combobox', { name: 'Buscar times, camisas, torneios e produtos' });
    await waitFor(() => expect(document.activeElement).toBe(input));

    await user.type(input, 'flamengo');
    const list = within(await dialog.findByRole('listbox', { name: 'Resultados' }));
    const options = await list.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Flamengo3 camisas',
      'Comparar camisas do Flamengo',
      'Flamengo 2019 · Titular',
      'Flamengo 2019 · Reserva',
      'Copa das Reservas',
    ]);
    expect(list.getByRole('group', { name: 'Camisas' })).toBeTruthy();
    expect(sent.at(-1)!.search.get('q')).toBe('flamengo');
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[3]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[2]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/camisas/time/flamengo/2019-titular');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('wraps around with the arrows and opens a team’s duel', async () => {
    fakeServer(() => json(200, found));
    const user = userEvent.setup();
    const dialog = await open();
    await user.type(dialog.getByRole('combobox'), 'fla');
    await dialog.findAllByRole('option');
    await user.keyboard('{ArrowUp}');
    expect(dialog.getAllByRole('option')[4]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/comparar/times/flamengo');
  });

  it('says what to try when nothing matches', async () => {
    fakeServer(() => json(200, nothing));
    const user = userEvent.setup();
    const dialog = await open();
    await user.type(dialog.getByRole('combobox'), 'xyzzy');
    expect(await dialog.findByText('Nada encontrado para “xyzzy”.')).toBeTruthy();
    expect(dialog.getByText(/uma temporada \(2019\) ou um modelo \(reserva\)/)).toBeTruthy();
    expect(dialog.queryAllByRole('option')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
