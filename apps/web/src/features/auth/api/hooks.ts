import type { LoginResponse } from '@manto/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '#lib/auth-store.ts';
import { safeRedirectPath } from '#lib/navigation.ts';
import { splitSession } from './auth-api.ts';

/** Stores the signed-in user and tokens, then goes to the target replacing history (docs/product.md §4). */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  return useCallback(
    (body: LoginResponse, target: string = '/') => {
      const { user, tokens } = splitSession(body);
      authStore.setAuth(user, tokens);
      void navigate(safeRedirectPath(target), { replace: true });
    },
    [navigate],
  );
}
