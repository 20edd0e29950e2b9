import { VISITOR_ID_PREFIX as CONTRACT_PREFIX, VOTER_HEADER as CONTRACT_HEADER } from '@manto/contracts/voter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKENS_KEY as APP_TOKENS_KEY } from '#lib/auth-store.ts';
import { LANGUAGE_STORAGE_KEY as APP_LANGUAGE_KEY } from '#lib/language.ts';
import { VOTER_ID_KEY as APP_VOTER_ID_KEY } from '#lib/voter.ts';
import { DUEL_IMAGE_SIZES as APP_SIZES } from '#features/duels/lib/names.ts';
import {
  DUEL_IMAGE_SIZES,
  FIRST_DUEL_GLOBAL,
  type FirstDuel,
  LANGUAGE_STORAGE_KEY,
  TOKENS_KEY,
  VISITOR_ID_PREFIX,
  VOTER_HEADER,
  VOTER_ID_KEY,
  startFirstDuel,
} from './first-duel.ts';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const image = (id: string) => ({ src: `/api/images/${id}/640.webp`, srcSet: `/api/images/${id}/320.webp 320w` });

/** A window at `path` with its own storage, fetch and Image, as the script sees it. */
function fakeWindow(path: string, stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const images: { sizes: string; srcset: string; src: string }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/duels/visitor') return json({ voterId: 'v1.posted' });
    if (url === '/api/duels/next') {
      // As the server: without an id, the answer brings a fresh one (ADR 0023); `sent` echoes the header.
      const sent = (init?.headers as Record<string, string>)[VOTER_HEADER];
      const duel = { left: { image: image('a') }, right: { image: image('b') } };
      return json(sent ? { sent, duel } : { sent: null, duel, voterId: 'v1.new' });
    }
    return new Response('', { status: 404 });
  });
  const win = {
    location: { pathname: path },
    navigator: { language: 'en-US' },
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    fetch,
    Image: class {
      sizes = '';
      srcset = '';
      src = '';
      fetchPriority = '';
      constructor() {
        images.push(this);
      }
    },
  };
  const handOver = () => (win as unknown as Record<string, FirstDuel | undefined>)[FIRST_DUEL_GLOBAL];
  return { win: win as unknown as Window & typeof globalThis, fetch, storage, images, handOver };
}

afterEach(() => vi.restoreAllMocks());

describe('the home page early script', () => {
  it("uses the app's names for storage keys, the voter header, the id tag and the pictures' sizes", () => {
    expect(VOTER_ID_KEY).toBe(APP_VOTER_ID_KEY);
    expect(VISITOR_ID_PREFIX).toBe(CONTRACT_PREFIX);
    expect(VOTER_HEADER).toBe(CONTRACT_HEADER);
    expect(TOKENS_KEY).toBe(APP_TOKENS_KEY);
    expect(LANGUAGE_STORAGE_KEY).toBe(APP_LANGUAGE_KEY);
    expect(DUEL_IMAGE_SIZES).toBe(APP_SIZES);
  });

  it('asks for the duel without an id, stores the one its answer brings and preloads both pictures', async () => {
    const { win, fetch, storage, images, handOver } = fakeWindow('/app/');
    startFirstDuel(win);
    const early = handOver()!;
    await expect(early.voterId).resolves.toBe('v1.new');
    expect(storage.get(VOTER_ID_KEY)).toBe('v1.new');
    await expect(early.duel).resolves.toMatchObject({ sent: null, voterId: 'v1.new' });
    // One request: no POST /api/duels/visitor before the duel.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/duels/next',
      expect.objectContaining({ headers: expect.objectContaining({ 'Accept-Language': 'en' }) }),
    );
    await vi.waitFor(() => expect(images).toHaveLength(2));
    expect(images[0]).toMatchObject({ sizes: DUEL_IMAGE_SIZES, srcset: image('a').srcSet, src: image('a').src });
  });

  it('keeps a stored signed id, sends it and asks for no other', async () => {
    const { win, fetch, storage, handOver } = fakeWindow('/app/', { [VOTER_ID_KEY]: 'v1.kept' });
    startFirstDuel(win);
    await expect(handOver()!.duel).resolves.toMatchObject({ sent: 'v1.kept' });
    await expect(handOver()!.voterId).resolves.toBe('v1.kept');
    expect(storage.get(VOTER_ID_KEY)).toBe('v1.kept');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('hands over no id when the duel fails (the app asks for one itself)', async () => {
    const { win, fetch, storage, handOver } = fakeWindow('/app/');
    fetch.mockImplementation(async () => new Response('{"code":"TOO_MANY_REQUESTS"}', { status: 429 }));
    startFirstDuel(win);
    await expect(handOver()!.voterId).resolves.toBeNull();
    await expect(handOver()!.duel).rejects.toThrow('HTTP 429');
    expect(storage.has(VOTER_ID_KEY)).toBe(false);
  });

  it('stands down when the app started first', () => {
    const { win, fetch, handOver } = fakeWindow('/app/');
    (win as unknown as Record<string, null>)[FIRST_DUEL_GLOBAL] = null;
    startFirstDuel(win);
    expect(handOver()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does nothing for members or on other pages', () => {
    for (const { path, stored } of [
      { path: '/app/', stored: { [TOKENS_KEY]: '{"accessToken":"x"}' } },
      { path: '/app/rankings', stored: {} },
    ]) {
      const { win, fetch, handOver } = fakeWindow(path, stored);
      startFirstDuel(win);
      expect(handOver()).toBeUndefined();
      expect(fetch).not.toHaveBeenCalled();
    }
  });
});
