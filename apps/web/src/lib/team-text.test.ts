import { TEAM_ARTICLES } from '@manto/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { teamText } from './team-text.ts';
import { initTestI18n } from './testing/i18n.ts';

beforeAll(() => initTestI18n('pt'));

describe('teamText', () => {
  it('contracts the preposition with each article in Portuguese', async () => {
    await i18n.changeLanguage('pt');
    const title = (name: string, article: (typeof TEAM_ARTICLES)[number]) =>
      i18n.t('rankings:team.title', teamText({ name, article }));
    expect(title('Flamengo', 'o')).toBe('Ranking do Flamengo');
    expect(title('Alemanha', 'a')).toBe('Ranking da Alemanha');
    expect(title('Estados Unidos', 'os')).toBe('Ranking dos Estados Unidos');
    expect(title('Filipinas', 'as')).toBe('Ranking das Filipinas');
    expect(i18n.t('rankings:fans.subtitle', teamText({ name: 'Portuguesa', article: 'a' }))).toBe(
      'O ranking global só com os votos de quem torce pela Portuguesa.',
    );
  });

  it('keeps the plural forms with the article', async () => {
    await i18n.changeLanguage('pt');
    const note = (count: number) =>
      i18n.t('catalogue:fans.notShown', { ...teamText({ name: 'Itália', article: 'a' }), count });
    expect(note(1)).toBe('A torcida da Itália ainda não tem ranking próprio (é preciso 1 torcedor votando).');
    expect(note(5)).toBe('A torcida da Itália ainda não tem ranking próprio (são precisos 5 torcedores votando).');
  });

  it('reads the plain text in English, whatever the article', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('rankings:team.title', teamText({ name: 'Germany', article: 'a' }))).toBe('Germany ranking');
    await i18n.changeLanguage('pt');
  });
});
