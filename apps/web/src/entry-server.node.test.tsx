import { describe, expect, it } from 'vitest';
import { render } from './entry-server.tsx';

// The public pages as the server draws them: in Node, with no document, window or storage.

const TERMS = {
  pt: {
    version: 3,
    title: 'Termos de uso do Manto',
    body: '## 1. Aceite\n\nAo usar o Manto você concorda.',
    publishedAt: '2026-03-01T12:00:00.000Z',
  },
  en: {
    version: 3,
    title: 'Manto terms of use',
    body: '## 1. Acceptance\n\nBy using Manto you agree.',
    publishedAt: '2026-03-01T12:00:00.000Z',
  },
};

/** The API as the page's calls reach it, in-process: only the current terms are known. */
function api(calls: string[] = []) {
  return async (path: string, init: RequestInit) => {
    calls.push(path);
    const language = new Headers(init.headers).get('accept-language') === 'en' ? 'en' : 'pt';
    if (path.startsWith('/api/terms/current'))
      return new Response(JSON.stringify(TERMS[language]), { headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Não encontrado' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('a public page drawn by the server', () => {
  it('holds its content, in the visitor’s language, with the answers it was drawn from', async () => {
    const calls: string[] = [];
    const pt = await render({ url: '/app/termos', language: 'pt', fetch: api(calls), shop: false });
    expect(pt?.status).toBe(200);
    expect(pt?.html).toContain('Termos de uso do Manto');
    expect(pt?.html).toContain('Ao usar o Manto você concorda.');
    // The layout around it: the header's links and the footer, in Portuguese.
    expect(pt?.html).toContain('Rankings');
    expect(pt?.html).toContain('Enviar feedback');
    expect(calls).toEqual(['/api/terms/current']);
    const state = JSON.parse(pt!.state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    expect(state.queries.map((q) => q.state.data)).toContainEqual(TERMS.pt);

    const en = await render({ url: '/app/termos', language: 'en', fetch: api(), shop: false });
    expect(en?.html).toContain('Manto terms of use');
    expect(en?.html).toContain('Send feedback');
    expect(en?.html).not.toContain('Enviar feedback');
  });

  it('draws the pages without data the same way, and leaves other addresses and failed answers to the browser', async () => {
    const method = await render({ url: '/app/rankings/como-funciona', language: 'pt', fetch: api(), shop: false });
    expect(method?.html).toContain('Como funciona o ranking');
    expect(await render({ url: '/app/sistema', language: 'pt', fetch: api(), shop: false })).toBeNull();
    expect(await render({ url: '/app/auth/perfil', language: 'pt', fetch: api(), shop: false })).toBeNull();
    // A page whose answer failed (this jersey does not exist) is the browser's to draw, with its not-found screen.
    expect(
      await render({ url: '/app/camisas/time/nenhum/2024-titular', language: 'pt', fetch: api(), shop: false }),
    ).toBeNull();
  });

  it('draws one page at a time, each in its own language, when asked together', async () => {
    const [pt, en] = await Promise.all([
      render({ url: '/app/termos', language: 'pt', fetch: api(), shop: false }),
      render({ url: '/app/termos', language: 'en', fetch: api(), shop: false }),
    ]);
    expect(pt?.html).toContain('Termos de uso do Manto');
    expect(en?.html).toContain('Manto terms of use');
  });
});
