import { act, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense, lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BootHeadingGone } from './boot-heading.ts';

// The heading the server writes into a first screen's page stays through the loading screen and goes
// in the commit that draws the page (RootLayout puts BootHeadingGone beside its Outlet).

afterEach(() => document.getElementById('boot-heading')?.remove());

function serverHeading() {
  const heading = document.createElement('div');
  heading.id = 'boot-heading';
  heading.textContent = 'Torneios';
  document.body.append(heading);
}

describe("the server's heading", () => {
  it('stays while the page suspends and goes in the commit that shows the page', async () => {
    serverHeading();
    let resolve!: (page: { default: ComponentType }) => void;
    const Page = lazy(() => new Promise<{ default: ComponentType }>((r) => (resolve = r)));
    render(
      <Suspense fallback={<p>Carregando...</p>}>
        <BootHeadingGone />
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('Carregando...')).toBeTruthy();
    expect(document.getElementById('boot-heading')).not.toBeNull();

    await act(async () => resolve({ default: () => <h1>Torneios</h1> }));
    expect(await screen.findByRole('heading', { name: 'Torneios' })).toBeTruthy();
    expect(document.getElementById('boot-heading')).toBeNull();
  });

  it('is gone at once when the page renders without waiting', () => {
    serverHeading();
    render(<BootHeadingGone />);
    expect(document.getElementById('boot-heading')).toBeNull();
  });
});
