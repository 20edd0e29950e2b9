import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { DeferredMenu } from './deferred-menu.tsx';

// The header's menus load their code after the first screen; a press made before it arrived must open
// the menu when it does.

beforeAll(() => initTestI18n());

const menu = () => (
  <DeferredMenu target={<Button>Idioma</Button>}>{(Menu) => <Menu.Item>Português</Menu.Item>}</DeferredMenu>
);

describe('a deferred menu', () => {
  it('opens when pressed with the pointer before its code arrived, even if the click itself is lost', async () => {
    renderScreen(menu());
    // Pointer-down only: the code arriving between down and up redraws the button, and no click follows.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Idioma' }));
    expect(await screen.findByRole('menuitem', { name: 'Português' })).toBeTruthy();
  });

  it('opens on a keyboard click before its code arrived', async () => {
    renderScreen(menu());
    fireEvent.click(screen.getByRole('button', { name: 'Idioma' }));
    expect(await screen.findByRole('menuitem', { name: 'Português' })).toBeTruthy();
  });

  it('makes every deferred menu a menu once one of them has loaded the code', async () => {
    // Fresh modules: the menus' code is kept for a module's lifetime, and the tests above loaded it.
    vi.resetModules();
    const [{ Button: FreshButton }, { renderScreen: render }, { DeferredMenu: Fresh }] = await Promise.all([
      import('@mantine/core'),
      import('#lib/testing/render.tsx'),
      import('./deferred-menu.tsx'),
    ]);
    render(
      <>
        <Fresh target={<FreshButton>Idioma</FreshButton>}>{(Menu) => <Menu.Item>Português</Menu.Item>}</Fresh>
        <Fresh target={<FreshButton>Tema</FreshButton>}>{(Menu) => <Menu.Item>Escuro</Menu.Item>}</Fresh>
      </>,
    );
    const theme = () => screen.getByRole('button', { name: 'Tema' });
    expect(theme().getAttribute('aria-haspopup')).toBeNull();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Idioma' }));
    expect(await screen.findByRole('menuitem', { name: 'Português' })).toBeTruthy();
    // The other one too, before the page settles: pressed later, it is not redrawn under the pointer
    // between its pointer-down and its click (which then landed on the new button and closed the menu).
    await waitFor(() => expect(theme().getAttribute('aria-haspopup')).toBe('menu'));
  });

  it('opens, once its code arrives, a named menu pressed on the same menu drawn before', async () => {
    // On a first visit the header is drawn twice: in the first screen's fallback, then in the layout.
    vi.resetModules();
    const [{ Button: FreshButton }, { renderScreen: render }, { DeferredMenu: Fresh }] = await Promise.all([
      import('@mantine/core'),
      import('#lib/testing/render.tsx'),
      import('./deferred-menu.tsx'),
    ]);
    const header = () => (
      <Fresh name="language" target={<FreshButton>Idioma</FreshButton>}>
        {(Menu) => <Menu.Item>Português</Menu.Item>}
      </Fresh>
    );
    const fallback = render(header());
    fireEvent.click(screen.getByRole('button', { name: 'Idioma' }));
    fallback.unmount();
    const layout = render(header());
    expect(await screen.findByRole('menuitem', { name: 'Português' })).toBeTruthy();
    // Closed, it forgets the press: drawn again, it stays closed.
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Português' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    layout.unmount();
    render(header());
    expect(screen.getByRole('button', { name: 'Idioma' }).getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menuitem')).toBeNull();
  });
});
