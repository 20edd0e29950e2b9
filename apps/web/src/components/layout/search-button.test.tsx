import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeSearchDialog, useSearchDialogOpen } from '#lib/search-dialog.ts';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { SearchButton } from './search-button.tsx';

function Opened() {
  return <output data-testid="opened">{String(useSearchDialogOpen())}</output>;
}

beforeAll(() => initTestI18n('pt'));
afterEach(() => act(() => closeSearchDialog()));

describe('SearchButton', () => {
  const setup = () =>
    renderScreen(
      <>
        <SearchButton />
        <input aria-label="outro campo" />
        <Opened />
      </>,
    );
  const opened = () => screen.getByTestId('opened').textContent;

  it('opens the search on a click and on "/" anywhere but in a field', () => {
    setup();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'outro campo' }), { key: '/' });
    expect(opened()).toBe('false');
    fireEvent.keyDown(document.body, { key: '/', ctrlKey: true });
    expect(opened()).toBe('false');
    const press = fireEvent.keyDown(document.body, { key: '/' });
    expect(opened()).toBe('true');
    // The browser's own use of the key (Firefox's quick find) is kept from it.
    expect(press).toBe(false);

    act(() => closeSearchDialog());
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(opened()).toBe('true');
  });
});
