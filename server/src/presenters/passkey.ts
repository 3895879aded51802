/** What the account page sees of a passkey: never its key or counter. */
import type { TPasskey } from '@caravan/shared';
import type { Passkey } from '@caravan/engine';

export function presentPasskey(passkey: Passkey): TPasskey {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}
