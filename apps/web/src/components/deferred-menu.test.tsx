import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
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
});
