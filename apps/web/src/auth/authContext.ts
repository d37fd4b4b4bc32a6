import { createContext, useContext } from 'react';
import type { LoginResponse } from '../api/types';
import type { StoredUser } from '../lib/storage';

export interface AuthState {
  user: StoredUser | null;
  /** True until the stored session has been read. */
  loading: boolean;
  signIn: (response: LoginResponse) => void;
  /** Where the protected pages send the visitor after a deliberate sign-out (else /login). */
  signedOutTo: string | null;
  /** `to`: where the protected pages go once signed out (e.g. `/` after deleting the account). */
  signOut: (options?: { to?: string }) => void;
  /** Updates the stored name or address of the signed-in user (after a profile change). */
  updateUser: (patch: Partial<Omit<StoredUser, 'id'>>) => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For screens behind the protected route, where a user is guaranteed. */
export function useCurrentUser(): StoredUser {
  const { user } = useAuth();
  if (!user) throw new Error('No signed-in user');
  return user;
}
