import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './navigation.ts';

describe('redirect targets', () => {
  it('accepts same-app paths', () => {
    expect(safeRedirectPath('/auth/perfil')).toBe('/auth/perfil');
    expect(safeRedirectPath('/rankings?x=1#top')).toBe('/rankings?x=1#top');
  });

  it('refuses anything that could leave the app', () => {
    for (const target of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '',
      null,
      42,
    ]) {
      expect(safeRedirectPath(target)).toBe('/');
    }
    expect(safeRedirectPath('//x', '/auth/login')).toBe('/auth/login');
  });
});
