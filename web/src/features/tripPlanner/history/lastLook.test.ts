/** "Since I last looked": the newest version taken at or before the last look, found however many pages back it is. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TTripVersion } from '@caravan/shared';
import { historyApi } from '../../../lib/tripHistory/historyApi.ts';
import { versionAtOrBefore } from './lastLook.ts';

const TRIP = '11111111-1111-4111-8111-111111111111';
const at = (id: string, takenAt: string): TTripVersion => ({ id, takenAt, kind: 'auto', name: null, editors: [], summary: '' });

afterEach(() => vi.restoreAllMocks());

describe('versionAtOrBefore', () => {
  it('pages back with before until a version is at or before the time', async () => {
    const list = vi
      .spyOn(historyApi, 'list')
      .mockResolvedValueOnce({ versions: [at('9', '2026-12-02T12:00:00.000Z'), at('8', '2026-12-02T11:00:00.000Z')], nextBefore: '8' })
      .mockResolvedValueOnce({ versions: [at('7', '2026-12-02T10:00:00.000Z'), at('6', '2026-12-02T09:00:00.000Z')], nextBefore: '6' });
    expect((await versionAtOrBefore(TRIP, '2026-12-02T10:00:00.000Z', 2))?.id).toBe('7');
    expect(list.mock.calls).toEqual([
      [TRIP, undefined, 2],
      [TRIP, '8', 2],
    ]);
  });

  it('is null when every version is newer than the last look', async () => {
    vi.spyOn(historyApi, 'list').mockResolvedValueOnce({ versions: [at('2', '2026-12-02T12:00:00.000Z')], nextBefore: null });
    expect(await versionAtOrBefore(TRIP, '2026-12-01T00:00:00.000Z')).toBeNull();
  });
});
