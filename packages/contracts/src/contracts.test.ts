import { describe, expect, it } from 'vitest';
import { formatMessage, hasAccess, httpUrl, languageFromHeader, optionalHttpUrl, registerBody } from './index.ts';

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
    expect(formatMessage('pt', 'TOO_MANY_REQUESTS', { count: 5 })).toBe(
      'Muitas tentativas. Aguarde 5 segundos e tente novamente.',
    );
    expect(formatMessage('en', 'tooLong', { max: 10 })).toBe('Use at most 10 characters.');
  });

  it('counts with plural forms: one, many, and zero as a plural in Portuguese', () => {
    expect(formatMessage('pt', 'TOO_MANY_REQUESTS', { count: 1 })).toBe(
      'Muitas tentativas. Aguarde 1 segundo e tente novamente.',
    );
    expect(formatMessage('en', 'TOO_MANY_REQUESTS', { count: 1 })).toBe(
      'Too many attempts. Wait 1 second and try again.',
    );
    expect(formatMessage('pt', 'IN_USE', { count: 1 })).toContain('1 camisa ainda usa este registro');
    expect(formatMessage('pt', 'IN_USE', { count: 3 })).toContain('3 camisas ainda usam este registro');
    expect(formatMessage('pt', 'sizeLargerThanPool', { count: 0 })).toBe(
      'O grupo não tem camisas ativas: amplie o grupo.',
    );
    expect(formatMessage('en', 'sizeLargerThanPool', { count: 0 })).toBe(
      'The pool has no active jerseys: widen the pool.',
    );
    // Without a count, the plural form; an unknown key, the generic message.
    expect(formatMessage('en', 'HAS_VOTES')).toContain('this jersey has  votes');
    expect(formatMessage('en', 'NO_SUCH_KEY')).toBe('Invalid value.');
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

describe('URL fields (ADR 0032)', () => {
  const first = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, v: unknown) =>
    schema.safeParse(v).error?.issues[0]?.message;

  it('refuses control, invisible and whitespace characters inside, with their own key', () => {
    for (const c of [
      '\u0001',
      '\u007f',
      '\u0085',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u200b',
      '\u202e',
      '\u2028',
      '\ufeff',
      '\ud800',
    ])
      expect(first(httpUrl(100), `https://loja.example/a${c}b`), JSON.stringify(c)).toBe('urlCharacter');
    expect(first(optionalHttpUrl(100), 'http://x\u0001y')).toBe('urlCharacter');
  });

  it('refuses other schemes and a missing host; takes real addresses, trimmed', () => {
    for (const v of ['javascript:alert(1)', 'ftp://x.example', 'https://', 'https:///x', 'loja.example'])
      expect(first(httpUrl(100), v), v).toBe('invalidUrl');
    expect(first(httpUrl(100), '')).toBe('required');
    expect(httpUrl(100).parse('  https://grêmio.example/açaí?x=1%20#a ')).toBe('https://grêmio.example/açaí?x=1%20#a');
    expect(optionalHttpUrl(100).parse('')).toBeNull();
  });
});
