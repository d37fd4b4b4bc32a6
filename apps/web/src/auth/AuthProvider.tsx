import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from '../api/client';
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

  const signOut = useCallback(() => {
    // This device must stop showing the signed-out person's notifications. (Loaded on demand:
    // the push code has no business in the sign-in pages' first load.)
    void import('../lib/push').then((push) => push.forgetPushOnThisDevice());
    clearSession();
    setUser(null);
    emitSessionChange();
  }, []);

  useEffect(
    () =>
      onUnauthorized(() => {
        setUser(null);
        emitSessionChange();
        if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
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
    const next = { id: response.id, name: response.name, email: response.email };
    storeSession(response.token, next);
    emitSessionChange();
    setUser(next);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, loading: false, signIn, signOut }),
    [user, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
