import { describe, expect, it } from 'vitest';
import { formatMessage, hasAccess, languageFromHeader, registerBody } from './index.ts';

describe('languageFromHeader', () => {
  it('picks pt or en by quality and falls back to pt', () => {
    expect(languageFromHeader(undefined)).toBe('pt');
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromHeader('fr-FR, en;q=0.5, pt;q=0.8')).toBe('pt');
    expect(languageFromHeader('de')).toBe('pt');
  });
});

describe('messages', () => {
  it('formats keys with params in both languages', () => {
    expect(formatMessage('pt', 'TOO_MANY_REQUESTS', { seconds: 5 })).toBe(
      'Muitas tentativas. Aguarde 5 segundos e tente novamente.',
    );
    expect(formatMessage('en', 'tooLong', { max: 10 })).toBe('Use at most 10 characters.');
  });
});

describe('access rules', () => {
  it('orders public < signedIn < moderator < admin', () => {
    expect(hasAccess('public', null)).toBe(true);
    expect(hasAccess('signedIn', null)).toBe(false);
    expect(hasAccess('signedIn', [])).toBe(true);
    expect(hasAccess('moderator', [])).toBe(false);
    expect(hasAccess('moderator', ['Moderator'])).toBe(true);
    expect(hasAccess('admin', ['Moderator'])).toBe(false);
    expect(hasAccess('moderator', ['Admin'])).toBe(true);
  });
});

describe('validation keys', () => {
  it('turns zod issues into message keys the UI and API translate', () => {
    const result = registerBody.safeParse({
      email: 'x',
      password: 'abc',
      confirmPassword: 'abd',
      acceptTerms: false,
      name: '',
      gender: '',
      extra: 1,
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.') || '_', i.message]));
    expect(byPath).toMatchObject({
      email: 'invalidEmail',
      password: 'passwordTooWeak',
      acceptTerms: 'mustAcceptTerms',
      name: 'required',
      city: 'required',
      gender: 'required',
    });
    const wrong = registerBody.safeParse({ gender: 'robot' });
    expect(wrong.error!.issues.find((i) => i.path[0] === 'gender')?.message).toBe('invalidValue');
  });
});
