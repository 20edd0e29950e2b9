import { useCallback, useState } from 'react';

export interface Editor<T> {
  opened: boolean;
  /** The record being edited or deleted; null for "new". Kept while the modal animates out. */
  item: T | null;
  /** Changes on every open, so a form keyed with it starts from fresh values. */
  session: number;
  open: (item: T | null) => void;
  close: () => void;
}

/** Open/close state for a modal that works on one record (edit form, delete confirmation). */
export function useEditor<T>(): Editor<T> {
  const [state, setState] = useState<{ opened: boolean; item: T | null; session: number }>({
    opened: false,
    item: null,
    session: 0,
  });
  const open = useCallback((item: T | null) => setState((s) => ({ opened: true, item, session: s.session + 1 })), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}
