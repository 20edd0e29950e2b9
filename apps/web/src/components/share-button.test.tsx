import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '#lib/testing/i18n.ts';
import { renderScreen } from '#lib/testing/render.tsx';
import { toasts } from '#lib/testing/toasts.ts';
import { ShareButton } from './share-button.tsx';

beforeAll(() => initTestI18n('pt'));
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
});

const PAGE = `${window.location.origin}/app/camisas/time/flamengo/2024-titular`;

describe('the share button', () => {
  it("opens the system's share sheet where there is one, with the page's address and the text", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderScreen(<ShareButton path="/camisas/time/flamengo/2024-titular" text="Camisa Flamengo 2024 no Manto" />);
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Camisa Flamengo 2024 no Manto',
      text: 'Camisa Flamengo 2024 no Manto',
      url: PAGE,
    });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('says nothing when the fan closes the share sheet', async () => {
    Object.defineProperty(navigator, 'share', {
      value: () => Promise.reject(new DOMException('closed', 'AbortError')),
      configurable: true,
    });
    renderScreen(<ShareButton path="/rankings" text="Ranking" />);
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toasts('error')).toEqual([]);
  });

  it('elsewhere offers copy link, WhatsApp, X and Facebook with the address', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(
      <ShareButton
        path="/camisas/time/flamengo/2024-titular"
        text="Camisa Flamengo 2024 no Manto"
        label="Compartilhar a camisa"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Compartilhar a camisa' }));
    const link = (name: string) => screen.getByRole('menuitem', { name }).getAttribute('href');
    await screen.findByRole('menuitem', { name: 'Copiar link' });
    const message = encodeURIComponent(`Camisa Flamengo 2024 no Manto ${PAGE}`);
    expect(link('WhatsApp (abre em nova aba)')).toBe(`https://wa.me/?text=${message}`);
    expect(link('X (abre em nova aba)')).toBe(
      `https://x.com/intent/post?text=${encodeURIComponent('Camisa Flamengo 2024 no Manto')}&url=${encodeURIComponent(PAGE)}`,
    );
    expect(link('Facebook (abre em nova aba)')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(PAGE)}`,
    );
    expect(screen.getByRole('menuitem', { name: 'WhatsApp (abre em nova aba)' }).getAttribute('rel')).toBe(
      'noopener noreferrer',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(PAGE);
    await waitFor(() => expect(toasts('success')).toContain('Link copiado.'));
  });
});
