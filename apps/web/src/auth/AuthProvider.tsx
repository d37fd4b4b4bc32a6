import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../api/client';
import { BASE_PATH } from '../lib/basePath';
import type { LoginResponse } from '../api/types';
import {
  clearSession,
  getStoredUser,
  getToken,
  storeSession,
  type StoredUser,
} from '../lib/storage';
import { AuthContext, type AuthState } from './authContext';
import { emitSessionChange } from './sessionEvents';

function restoreUser(): StoredUser | null {
  return getToken() ? getStoredUser() : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(restoreUser);
  const navigate = useNavigate();

  const [signedOutTo, setSignedOutTo] = useState<string | null>(null);

  const signOut = useCallback((options?: { to?: string }) => {
    // This device must stop showing the signed-out person's notifications. (Loaded on demand:
    // the push code has no business in the sign-in pages' first load.)
    void import('../lib/push').then((push) => push.forgetPushOnThisDevice());
    clearSession();
    setSignedOutTo(options?.to ?? null);
    setUser(null);
    emitSessionChange();
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        setUser(null);
        emitSessionChange();
        if (window.location.pathname !== `${BASE_PATH}/login`)
          void navigate('/login', { replace: true });
      }),
    [navigate],
  );

  // Another tab signing out (or in) keeps this one in step.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'authToken' || event.key === 'userInfo' || event.key === null) {
        setUser(restoreUser());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const signIn = useCallback((response: LoginResponse) => {
    const next = { id: response.id, name: response.name, email: response.email ?? '' };
    storeSession(response.token, next);
    emitSessionChange();
    setSignedOutTo(null);
    setUser(next);
  }, []);

  // A profile change (name, confirmed address) keeps the stored session in step.
  const updateUser = useCallback((patch: Partial<Omit<StoredUser, 'id'>>) => {
    setUser((current) => {
      const token = getToken();
      if (!current || !token) return current;
      const next = { ...current, ...patch };
      storeSession(token, next);
      return next;
    });
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, loading: false, signedOutTo, signIn, signOut, updateUser }),
    [user, signedOutTo, signIn, signOut, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
