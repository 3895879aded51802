/**
 * Members, invitations and journals live in PostgreSQL, not in the trip document; the server bumps
 * `meta.membersVersion` / `meta.journalsVersion` when they change. Watching those counters refetches the
 * member list, pending invitations and the trip details, so every open page follows without a reload.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type * as Y from 'yjs';
import { metaMap } from '@caravan/shared';
import { tripKeys } from '../../lib/tripQueries.ts';
import { collabKeys } from './collaborationApi.ts';

export function useDocVersions(tripId: string, doc: Y.Doc | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!doc) return;
    const meta = metaMap(doc);
    let members = meta.get('membersVersion');
    let journals = meta.get('journalsVersion');
    const onChange = () => {
      const nextMembers = meta.get('membersVersion');
      const nextJournals = meta.get('journalsVersion');
      if (nextMembers !== members) {
        members = nextMembers;
        void queryClient.invalidateQueries({ queryKey: collabKeys.members(tripId) });
        void queryClient.invalidateQueries({ queryKey: collabKeys.invitations(tripId) });
        // The trip details carry this member's own role: a role the owner just changed shows without a reload.
        void queryClient.invalidateQueries({ queryKey: tripKeys.all(tripId) });
      }
      if (nextJournals !== journals) {
        journals = nextJournals;
        void queryClient.invalidateQueries({ queryKey: tripKeys.all(tripId) });
      }
    };
    meta.observe(onChange);
    return () => meta.unobserve(onChange);
  }, [doc, tripId, queryClient]);
}
