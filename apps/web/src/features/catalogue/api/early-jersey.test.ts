// A jersey page's address: the jersey is asked for with the code, and its picture's download starts as
// soon as the answer names it, as the page's <img> will ask for it (docs/perf/first-screen.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '#lib/api.ts';
import { fakeServer, json } from '#lib/testing/render.tsx';
import { jerseyPath, primeJersey } from './early-jersey.ts';
import { JERSEY_IMAGE_SIZES } from '../lib/picture-sizes.ts';

interface Started {
  sizes: string;
  srcset: string;
  src: string;
  fetchPriority: string;
}

/** Records the pictures asked for; each "decodes" at once. */
function recordImages(): Started[] {
  const started: Started[] = [];
  vi.stubGlobal(
    'Image',
    class {
      sizes = '';
      srcset = '';
      fetchPriority = '';
      decoding = '';
      set src(value: string) {
        started.push({ sizes: this.sizes, srcset: this.srcset, src: value, fetchPriority: this.fetchPriority });
      }
      decode() {
        return Promise.resolve();
      }
    },
  );
  return started;
}

const image = {
  id: 'img-1',
  src: '/api/images/img-1/640.webp',
  srcSet: '/api/images/img-1/192.webp 192w',
  width: 640,
  height: 640,
};

afterEach(() => vi.unstubAllGlobals());

describe('primeJersey', () => {
  it('asks for the jersey, then its picture with the page’s sizes at high priority; the page takes the answer', async () => {
    const sent = fakeServer(() => json(200, { id: 'j-1', image }));
    const started = recordImages();
    primeJersey('/app/camisas/time/bras%C3%A3o/2024-titular');
    expect(sent.map((r) => r.path)).toEqual(['/api/catalogue/teams/bras%C3%A3o/jerseys/2024-titular']);
    await vi.waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      sizes: JERSEY_IMAGE_SIZES,
      srcset: image.srcSet,
      src: image.src,
      fetchPriority: 'high',
    });
    // The page's own request is answered by the early one: nothing more is sent.
    await expect(api.request(jerseyPath('brasão', '2024-titular'))).resolves.toMatchObject({ id: 'j-1' });
    expect(sent).toHaveLength(1);
  });

  it('starts no picture for a jersey without one, a failed answer or another address', async () => {
    const sent = fakeServer((request) =>
      request.path.includes('sem-foto') ? json(200, { id: 'j-2', image: null }) : json(503, { code: 'UNAVAILABLE' }),
    );
    const started = recordImages();
    primeJersey('/app/camisas/time/aurora/sem-foto');
    primeJersey('/app/camisas/time/aurora/falha');
    primeJersey('/app/camisas/time/aurora');
    primeJersey('/app/rankings');
    expect(sent).toHaveLength(2);
    // The page's own requests take the early answers, after the prime has read them: no picture started.
    await expect(api.request(jerseyPath('aurora', 'sem-foto'))).resolves.toMatchObject({ id: 'j-2' });
    await api.request(jerseyPath('aurora', 'falha')).catch(() => undefined);
    expect(started).toEqual([]);
  });
});
