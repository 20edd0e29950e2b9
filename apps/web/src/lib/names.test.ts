import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { jerseyName, localName } from './names.ts';
import { initTestI18n } from './testing/i18n.ts';

beforeAll(() => initTestI18n('pt'));
afterEach(() => i18n.changeLanguage('pt'));

const jersey = {
  team: { slug: 'italia', name: 'Itália', nameEn: 'Italy', article: 'a' as const },
  model: { slug: 'reserva', name: 'Reserva', nameEn: 'Away' },
  modelYear: '1982',
};

describe('catalogue names in the interface language', () => {
  it('keeps the Portuguese name on Portuguese pages', () => {
    expect(localName(jersey.team)).toBe('Itália');
    expect(jerseyName(jersey)).toBe('Itália 1982 · Reserva');
  });

  it('takes the English name on English pages, the Portuguese one where there is none', async () => {
    await i18n.changeLanguage('en');
    expect(jerseyName(jersey)).toBe('Italy 1982 · Away');
    expect(localName({ name: 'Flamengo', nameEn: null })).toBe('Flamengo');
    expect(localName({ name: 'Flamengo', nameEn: '' })).toBe('Flamengo');
  });
});
