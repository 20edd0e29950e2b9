import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { initTestI18n } from './testing/i18n.ts';
import { SITE_TITLE, useDocumentTitle } from './use-document-title.ts';

function Page({ title, home }: { title: string | null; home?: boolean }) {
  useDocumentTitle(title, { home });
  return null;
}

beforeEach(async () => {
  await initTestI18n('pt');
  document.title = 'Título do servidor';
});
afterEach(() => {
  document.title = '';
});

describe('useDocumentTitle', () => {
  it('writes the page title in the pattern the server uses, in the interface language', async () => {
    const { rerender } = render(<Page title="Ranking da Alemanha" />);
    expect(document.title).toBe('Ranking da Alemanha | Manto');
    rerender(<Page title={null} home />);
    expect(document.title).toBe('Manto · Duelo de camisas de futebol');
    await act(() => i18n.changeLanguage('en'));
    expect(document.title).toBe('Manto · Football jersey duels');
    rerender(<Page title="Germany ranking" />);
    expect(document.title).toBe('Germany ranking | Manto');
  });

  it('keeps the title while the data loads, and puts back the site name on leaving', () => {
    const { rerender, unmount } = render(<Page title={null} />);
    // Loading: the server's title for this address stays.
    expect(document.title).toBe('Título do servidor');
    rerender(<Page title={`<Copa> & "Cia"`} />);
    // Text, never markup: the name as it is.
    expect(document.title).toBe('<Copa> & "Cia" | Manto');
    unmount();
    expect(document.title).toBe(SITE_TITLE);
  });

  it('takes the team title with its Portuguese article (the server words it the same)', () => {
    expect(i18n.t('common:documentTitle.teamJerseys', { team: 'Alemanha', context: 'a' })).toBe('Camisas da Alemanha');
    expect(i18n.t('common:documentTitle.teamJerseys', { team: 'Flamengo', context: 'o' })).toBe('Camisas do Flamengo');
  });
});
