import i18next from 'i18next';
import { loginBody, messages, registerBody } from '@manto/contracts';
import { describe, expect, it } from 'vitest';
import { serverFormErrors, zodFormErrors } from './form-errors.ts';

async function translator(lng: 'pt' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { pt: { errors: messages.pt }, en: { errors: messages.en } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('zod issues → form errors', () => {
  it('translates contract message keys through the errors namespace', async () => {
    const t = await translator('pt');
    expect(zodFormErrors(loginBody, { email: 'nope', password: '', rememberMe: false }, t)).toEqual({
      email: messages.pt.invalidEmail,
      password: messages.pt.required,
    });
    const en = await translator('en');
    expect(zodFormErrors(loginBody, { email: '', password: 'x', rememberMe: false }, en)).toEqual({
      email: messages.en.required,
    });
  });

  it('fills params and custom refinement keys', async () => {
    const t = await translator('pt');
    const errors = zodFormErrors(
      registerBody,
      {
        name: 'x'.repeat(101),
        email: 'ana@example.com',
        password: 'short',
        confirmPassword: 'other',
        city: 'Recife',
        state: 'PE',
        country: 'Brasil',
        gender: 'female',
        favouriteTeam: 'sport',
        acceptTerms: false,
      },
      t,
    );
    expect(errors.name).toBe('Use no máximo 100 caracteres.');
    expect(errors.password).toBe(messages.pt.passwordTooWeak);
    expect(errors.acceptTerms).toBe(messages.pt.mustAcceptTerms);
  });

  it('reports mismatched passwords under confirmPassword', async () => {
    const t = await translator('en');
    const errors = zodFormErrors(
      registerBody,
      {
        name: 'Ana',
        email: 'ana@example.com',
        password: 'a-long-password',
        confirmPassword: 'another-password',
        city: 'Recife',
        state: 'PE',
        country: 'Brasil',
        gender: 'female',
        favouriteTeam: 'sport',
        acceptTerms: true,
      },
      t,
    );
    expect(errors).toEqual({ confirmPassword: messages.en.passwordsDoNotMatch });
  });

  it('keeps only server details for known fields', () => {
    expect(serverFormErrors({ email: 'Este e-mail já está cadastrado.', roles: 'x' }, ['email'])).toEqual({
      email: 'Este e-mail já está cadastrado.',
    });
    expect(serverFormErrors(undefined, ['email'])).toEqual({});
  });
});
