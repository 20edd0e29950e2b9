import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '#lib/i18n.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { RankingMethodRoute } from './ranking-method-route.tsx';

// The public "how the ranking works" page with the real texts, in both languages.
beforeAll(() => initTestI18n('pt'));

describe('RankingMethodRoute', () => {
  it('explains the method in plain words, section by section, and leads back to the ranking', async () => {
    await i18n.changeLanguage('pt');
    renderScreen(<RankingMethodRoute />, { path: '/rankings/como-funciona' });
    expect(screen.getByRole('heading', { level: 1, name: 'Como funciona o ranking' })).toBeTruthy();
    const sections = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(sections).toHaveLength(8);
    expect(screen.getByRole('region', { name: 'A margem de erro' }).textContent).toContain('95% de confiança');
    expect(screen.getByRole('region', { name: 'A pontuação' }).textContent).toContain('Bradley-Terry');
    expect(screen.getByRole('link', { name: 'Voltar ao ranking' }).getAttribute('href')).toBe('/rankings');
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    renderScreen(<RankingMethodRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'How the ranking works' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'The best possible place' })).toBeTruthy();
    await i18n.changeLanguage('pt');
  });
});
