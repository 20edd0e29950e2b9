import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS } from './when-settled.ts';

/** The page as a first screen sees it: still loading until `finishLoading`. */
function pageStillLoading() {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
}
/** Long enough for the page to settle (lib/when-settled.ts) and the contracts to load. */
const SETTLED = { timeout: SETTLE_MS + 15_000 };
function finishLoading() {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  window.dispatchEvent(new Event('load'));
}

// Each test starts with the contracts not loaded yet, as a first screen does (fresh modules).
async function fresh() {
  vi.resetModules();
  const [{ checkedAnswer }, schemas, { queryClient }] = await Promise.all([
    import('./api-client.ts'),
    import('./later-schemas.ts'),
    import('./query-client.ts'),
  ]);
  return { checkedAnswer, queryClient, ...schemas };
}

describe('schemas named with later()', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    // jsdom's own readyState again.
    Reflect.deleteProperty(document, 'readyState');
  });

  it('hands a first screen its answer as it came, then checks it once the page has settled', async () => {
    pageStillLoading();
    const { checkedAnswer, later, loadedSchema, onLateInvalidAnswer } = await fresh();
    const invalid = vi.fn();
    onLateInvalidAnswer(invalid);
    const good = { message: 'ok' };
    const bad = { message: 42 };
    expect(loadedSchema(later('messageResponse'))).toBeNull();
    expect(await checkedAnswer(later('messageResponse'), good, 200)).toBe(good);
    expect(await checkedAnswer(later('messageResponse'), bad, 200)).toBe(bad);
    finishLoading();
    await vi.waitFor(() => expect(invalid).toHaveBeenCalledTimes(1), SETTLED);
    expect(invalid).toHaveBeenCalledWith(bad, 'messageResponse');
  });

  it('checks before handing out once the contracts have loaded, as an imported schema does', async () => {
    const { checkedAnswer, later, loadContracts } = await fresh();
    await loadContracts();
    await expect(checkedAnswer(later('messageResponse'), { message: 'ok', extra: 1 }, 200)).resolves.toEqual({
      message: 'ok',
    });
    await expect(checkedAnswer(later('messageResponse'), { message: 42 }, 200)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('turns a query that showed an invalid answer into its error once the check fails', async () => {
    pageStillLoading();
    const { checkedAnswer, later, queryClient } = await fresh();
    const queryFn = vi.fn(async () => checkedAnswer(later('messageResponse'), { message: 42 }, 200));
    const observer = new QueryObserver(queryClient, { queryKey: ['late-check'], queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ message: 42 }));
    finishLoading();
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'), SETTLED);
    expect(observer.getCurrentResult().error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('tries the contracts again after a failed load, so answers are checked once the network is back', async () => {
    vi.doMock('@manto/contracts', () => {
      throw new Error('offline');
    });
    const { later, loadContracts, loadedSchema } = await fresh();
    await expect(loadContracts()).rejects.toThrow();
    expect(loadedSchema(later('messageResponse'))).toBeNull();
    vi.doUnmock('@manto/contracts');
    await loadContracts();
    expect(loadedSchema(later('messageResponse'))).not.toBeNull();
  });
});
