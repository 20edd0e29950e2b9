import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectionOptions, LANGUAGE_STORAGE_KEY, languageOptions, localeOf, toLanguage } from './language.ts';

/** Boots a fresh i18next with the app's language options, as the browser would. */
async function detect({ stored, browser }: { stored?: string; browser: string[] }) {
  window.localStorage.clear();
  if (stored) window.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(browser);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(browser[0] ?? '');
  const instance = i18next.createInstance();
  await instance.use(LanguageDetector).init({
    ...languageOptions,
    resources: { pt: { common: { hi: 'Olá' } }, en: { common: { hi: 'Hello' } } },
    ns: ['common'],
    defaultNS: 'common',
  });
  return instance;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.cookie = `${LANGUAGE_STORAGE_KEY}=; max-age=0; path=/`;
});

describe('language detection', () => {
  it('checks local storage before the browser and caches the choice there and in a cookie the server reads', async () => {
    expect(detectionOptions.order).toEqual(['querystring', 'localStorage', 'navigator']);
    expect(detectionOptions.lookupQuerystring).toBe('lang');
    expect(languageOptions).toMatchObject({ fallbackLng: 'pt', supportedLngs: ['pt', 'en'], load: 'languageOnly' });
    await detect({ browser: ['en-US'] });
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.cookie).toContain(`${LANGUAGE_STORAGE_KEY}=en`);
  });

  it("takes the address's ?lang= over a stored language and keeps it; one it does not serve is ignored", async () => {
    window.history.replaceState(null, '', '/app/rankings?lang=en');
    try {
      const i18n = await detect({ stored: 'pt', browser: ['pt-BR'] });
      expect(i18n.resolvedLanguage).toBe('en');
      expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
      window.history.replaceState(null, '', '/app/rankings?lang=fr');
      expect((await detect({ stored: 'pt', browser: ['en-GB'] })).resolvedLanguage).toBe('pt');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('prefers the stored language over the browser', async () => {
    const i18n = await detect({ stored: 'en', browser: ['pt-BR'] });
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('hi')).toBe('Hello');
  });

  it('uses the browser language when none is stored, en-US → en', async () => {
    const i18n = await detect({ browser: ['en-US', 'en'] });
    expect(i18n.language).toBe('en');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('falls back to pt for unsupported languages', async () => {
    const i18n = await detect({ browser: ['fr-FR', 'de'] });
    expect(i18n.resolvedLanguage).toBe('pt');
    expect(i18n.t('hi')).toBe('Olá');
  });

  it('skips an unsupported stored language in favour of a supported browser one', async () => {
    const i18n = await detect({ stored: 'es', browser: ['en-GB'] });
    expect(i18n.resolvedLanguage).toBe('en');
  });

  it('narrows tags for Accept-Language and <html lang>', () => {
    expect(toLanguage('en-US')).toBe('en');
    expect(toLanguage('pt-BR')).toBe('pt');
    expect(toLanguage('fr')).toBe('pt');
    expect(toLanguage(undefined)).toBe('pt');
  });
});

describe('localeOf', () => {
  it('maps interface languages to Intl locales, pt-BR by default', () => {
    expect(localeOf('en')).toBe('en-GB');
    expect(localeOf('en-US')).toBe('en-GB');
    expect(localeOf('pt')).toBe('pt-BR');
    expect(localeOf(undefined)).toBe('pt-BR');
  });
});
