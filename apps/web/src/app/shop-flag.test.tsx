import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHeader } from '#components/layout/app-header.tsx';
import { setShop } from '#lib/testing/features.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { appRoutes, shopRoutes } from './router.tsx';

// The shop exists only when the server fills <meta name="manto-features" content="shop">.

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

beforeAll(() => initTestI18n('pt'));
afterEach(() => setShop(null));

describe('the shop flag', () => {
  it('off: the shop route list is empty and the router has no shop route', () => {
    setShop(false);
    expect(shopRoutes(false)).toEqual([]);
    expect(paths(appRoutes())).not.toContain('loja');
    expect(paths(appRoutes()).some((p) => p.includes('productSlug'))).toBe(false);
  });

  it('on: /loja and /loja/:productSlug', () => {
    setShop(true);
    expect(paths(appRoutes())).toEqual(expect.arrayContaining(['loja', ':productSlug']));
  });

  it('the header links Loja only with the shop on', () => {
    setShop(false);
    const off = renderScreen(<AppHeader />);
    expect(screen.queryByRole('link', { name: 'Loja' })).toBeNull();
    off.unmount();

    setShop(true);
    renderScreen(<AppHeader />);
    expect(screen.getByRole('link', { name: 'Loja' }).getAttribute('href')).toBe('/loja');
  });
});
