import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareNumberFormats } from './i18n.ts';

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: {
      [lng]: {
        translation: { votes: '{{count, number}} votes', share: '{{value, number(maximumFractionDigits: 1)}}' },
      },
    },
    interpolation: { escapeValue: false },
  });
  shareNumberFormats(i18n);
  return i18n;
}

describe('{{…, number}} in translations', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats in the language, with the inline options', async () => {
    const pt = await instance('pt');
    const en = await instance('en');
    expect(pt.t('votes', { count: 12345 })).toBe('12.345 votes');
    expect(en.t('votes', { count: 12345 })).toBe('12,345 votes');
    expect(pt.t('share', { value: 0.25 })).toBe('0,3');
    expect(en.t('share', { value: 1234.56 })).toBe('1,234.6');
  });

  it('builds no formatter per count: one per language and options', async () => {
    const pt = await instance('pt-BR');
    const built = vi.spyOn(Intl, 'NumberFormat');
    for (let count = 1; count <= 50; count++) pt.t('votes', { count });
    // i18next's own cache keyed on every option of the call, the count among them: 50 formatters.
    expect(built.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
