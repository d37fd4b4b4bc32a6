// "The signed-in person changed" (sign in, sign out, a 401): whoever keeps data of the previous
// person (the query cache of the app shell) drops it. A plain listener list, so the sign-in
// pages, which load no query library, can announce it.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionChange(): void {
  for (const listener of listeners) listener();
}
