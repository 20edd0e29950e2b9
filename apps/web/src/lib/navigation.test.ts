import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './navigation.ts';

describe('redirect targets', () => {
  it('accepts same-app paths', () => {
    expect(safeRedirectPath('/auth/perfil')).toBe('/auth/perfil');
    expect(safeRedirectPath('/rankings?x=1#top')).toBe('/rankings?x=1#top');
  });

  it('takes an address under /app as the route it shows', () => {
    expect(safeRedirectPath('/app/torneios')).toBe('/torneios');
    expect(safeRedirectPath('/app')).toBe('/');
    expect(safeRedirectPath('/app?x=1')).toBe('/?x=1');
    expect(safeRedirectPath('/apple')).toBe('/apple');
  });

  it('refuses anything that could leave the app', () => {
    for (const target of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '/app//evil.example',
      '/app/\\evil.example',
      '',
      null,
      42,
    ]) {
      expect(safeRedirectPath(target)).toBe('/');
    }
    expect(safeRedirectPath('//x', '/auth/login')).toBe('/auth/login');
  });
});
