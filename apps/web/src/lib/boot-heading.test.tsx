import { act, render, screen } from '@testing-library/react';
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BootHeadingGone } from './boot-heading.ts';

// What the server writes into a first screen's page stays through the loading screen and goes in the
// commit that draws the page (RootLayout puts BootHeadingGone beside its Outlet).

afterEach(() => {
  document.getElementById('boot-heading')?.remove();
  window.history.replaceState(null, '', '/');
});

/** The server's block, as the server writes it. */
function serverBlock() {
  const block = document.createElement('div');
  block.id = 'boot-heading';
  block.textContent = 'Torneios';
  document.body.append(block);
}

const inRouter = (children: ReactNode) => <MemoryRouter>{children}</MemoryRouter>;
const present = () => document.getElementById('boot-heading') !== null;

describe("the server's heading", () => {
  it('stays while the page suspends and goes in the commit that shows the page', async () => {
    serverBlock();
    let resolve!: (page: { default: ComponentType }) => void;
    const Page = lazy(() => new Promise<{ default: ComponentType }>((r) => (resolve = r)));
    render(
      inRouter(
        <Suspense fallback={<p>Carregando...</p>}>
          <BootHeadingGone />
          <Page />
        </Suspense>,
      ),
    );
    expect(await screen.findByText('Carregando...')).toBeTruthy();
    expect(present()).toBe(true);

    await act(async () => resolve({ default: () => <h1>Torneios</h1> }));
    expect(await screen.findByRole('heading', { name: 'Torneios' })).toBeTruthy();
    expect(present()).toBe(false);
  });

  it('is gone at once when the page renders without waiting', () => {
    serverBlock();
    render(inRouter(<BootHeadingGone />));
    expect(present()).toBe(false);
  });
});
