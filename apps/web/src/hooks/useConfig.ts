// GET /api/config (sign-up policy, support link): fetched once per page load and shared. Not a
// TanStack query on purpose: the sign-in, register and landing pages read it, and they load no
// query library (the first-load budget, README "First load of the web app").
import { useSyncExternalStore } from 'react';
import { api } from '../api/client';
import type { ServerConfig } from '../api/types';

interface ConfigState {
  data: ServerConfig | undefined;
  isPending: boolean;
  isError: boolean;
}

let state: ConfigState = { data: undefined, isPending: true, isError: false };
let started = false;
const listeners = new Set<() => void>();

function set(next: ConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

function load(): void {
  if (started) return;
  started = true;
  api<ServerConfig>('/config', { defaultMessage: 'Could not load the server settings.' }).then(
    (data) => set({ data, isPending: false, isError: false }),
    // Without it the pages fall back to the open defaults; a later page load asks again.
    () => set({ data: undefined, isPending: false, isError: true }),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

export function useServerConfig(): ConfigState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * Whether "Create an account" links should show: hidden once the server says `closed`, and under
 * OIDC_ONLY (the first sign-in with the provider makes the account).
 */
export function useSignUpOpen(): boolean {
  const data = useServerConfig().data;
  return data?.registration !== 'closed' && data?.passwordSignIn !== false;
}
