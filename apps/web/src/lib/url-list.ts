import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** URL parameters every searchable list shares (Portuguese, like the routes). */
export const SEARCH_PARAM = 'busca';
export const PAGE_PARAM = 'pagina';

/**
 * A list's search box (debounced) and page, kept in the URL so a reload or a shared link shows the
 * same page; `setParam` sets any other filter. Changing anything but the page goes back to page 1.
 */
export function useUrlList(debounceMs = 250) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get(SEARCH_PARAM) ?? '');
  const [debounced] = useDebouncedValue(search.trim(), debounceMs);
  const page = Math.max(1, Math.floor(Number(params.get(PAGE_PARAM))) || 1);

  // Written only when the typed search settles: `setParams` changes with every URL change, and a URL
  // changed elsewhere (a "clear filters", the back button) must not get the old search written back.
  const written = useRef(debounced);
  useEffect(() => {
    if (written.current === debounced) return;
    written.current = debounced;
    setParams(
      (prev) => {
        if ((prev.get(SEARCH_PARAM) ?? '') === debounced) return prev;
        const next = new URLSearchParams(prev);
        if (debounced) next.set(SEARCH_PARAM, debounced);
        else next.delete(SEARCH_PARAM);
        next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== PAGE_PARAM) next.delete(PAGE_PARAM);
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback((value: number) => setParam(PAGE_PARAM, value > 1 ? String(value) : null), [setParam]);

  return {
    params,
    /** What the search box shows. */
    search,
    setSearch,
    /** The debounced, trimmed search the query uses. */
    query: debounced,
    page,
    setPage,
    setParam,
  };
}
