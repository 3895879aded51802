/**
 * In-process news that a session ended or an account changed (role, status, password), announced by the
 * commands after their change committed. Caches of this process drop what they hold at once; other
 * processes hear of it from PostgreSQL (session_ended, user_access), which takes a round trip this
 * process's next request may not wait for.
 */
export type AccessChange = { kind: 'sessionEnded'; tokenHash: string } | { kind: 'userChanged'; userId: number };

const listeners = new Set<(change: AccessChange) => void>();

export function announceAccessChange(change: AccessChange): void {
  for (const listener of listeners) listener(change);
}

/** Returns the function that stops listening. */
export function onAccessChange(listener: (change: AccessChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
