/** The trip behind a share link, for calls a link's reader may make besides reading it: public now, this exact token. */
import type { DataSource } from 'typeorm';
import { messages, SHARE_TOKEN_MAX_LENGTH } from '@caravan/shared';
import { AppError } from '@caravan/engine';

const SHARE_TOKEN_CHARACTERS = /^[A-Za-z0-9_-]+$/;

export async function sharedTripQuery(dataSource: DataSource, shareToken: string): Promise<{ id: string; ownerId: number }> {
  const isToken = shareToken.length <= SHARE_TOKEN_MAX_LENGTH && SHARE_TOKEN_CHARACTERS.test(shareToken);
  const rows: Array<{ id: string; owner_id: number }> = isToken
    ? await dataSource.query('SELECT id, owner_id FROM trips WHERE share_token = $1 AND is_public', [shareToken])
    : [];
  if (!rows[0]) throw new AppError('not_found', messages.trips.notFound);
  return { id: rows[0].id, ownerId: rows[0].owner_id };
}
