import { act, render, screen } from '@testing-library/react';
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BootHeadingDone, BootHeadingGone, bootHeadingHeld } from './boot-heading.ts';

// What the server writes into a first screen's page stays through the loading screen and goes in the
// commit that draws the page (RootLayout puts BootHeadingGone beside its Outlet); a jersey page's picture
// (held) stays until the page draws the jersey (BootHeadingDone), or the visitor goes elsewhere.

afterEach(() => {
  document.getElementById('boot-heading')?.remove();
  window.history.replaceState(null, '', '/');
});

/** The server's block; a held one names the address it was drawn for, as the server writes it. */
function serverBlock({ heldFor }: { heldFor?: string } = {}) {
  const block = document.createElement('div');
  block.id = 'boot-heading';
  block.textContent = 'Torneios';
  if (heldFor !== undefined) block.setAttribute('data-held', heldFor);
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

describe("a jersey page's held picture", () => {
  it('outlives the first commit and goes with the commit that draws the jersey', () => {
    serverBlock({ heldFor: window.location.pathname });
    expect(bootHeadingHeld()).toBe(true);
    const { rerender } = render(inRouter(<BootHeadingGone />));
    expect(present()).toBe(true);

    rerender(
      inRouter(
        <>
          <BootHeadingGone />
          <BootHeadingDone />
        </>,
      ),
    );
    expect(present()).toBe(false);
    expect(bootHeadingHeld()).toBe(false);
  });

  it('is held after a reload too, whatever key the browser kept for the address', () => {
    // A reload keeps history.state, and with it the key of an earlier in-app navigation.
    window.history.replaceState({ usr: null, key: 'k3y9a', idx: 2 }, '', '/app/camisas/time/aurora/2024');
    serverBlock({ heldFor: '/app/camisas/time/aurora/2024' });
    render(
      <BrowserRouter basename="/app">
        <BootHeadingGone />
      </BrowserRouter>,
    );
    expect(present()).toBe(true);
  });

  it('goes when the visitor leaves for another page before the jersey is drawn', async () => {
    window.history.replaceState(null, '', '/app/camisas/time/aurora/2024');
    serverBlock({ heldFor: '/app/camisas/time/aurora/2024' });
    render(
      <BrowserRouter basename="/app">
        <BootHeadingGone />
        <Routes>
          <Route path="/camisas/time/aurora/2024" element={<Link to="/rankings">Rankings</Link>} />
          <Route path="/rankings" element={<h1>Ranking global</h1>} />
        </Routes>
      </BrowserRouter>,
    );
    expect(present()).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Rankings' }));
    expect(await screen.findByRole('heading', { name: 'Ranking global' })).toBeTruthy();
    expect(present()).toBe(false);
  });

  it('drawn for another address (the page was left, then came back to), is not held', () => {
    serverBlock({ heldFor: '/app/camisas/time/aurora/2023' });
    expect(bootHeadingHeld()).toBe(false);
    render(inRouter(<BootHeadingGone />));
    expect(present()).toBe(false);
  });
});
