/**
 * The trip page's collapsible Collaboration section (SPEC-2 §2.3): tabs by trip role — Members and
 * Activity for everyone, Invite for owner and editors, Pending, Suggestions and Archived for the owner,
 * Suggest Stop for editors and viewers. Suggestions and activity are read live from the trip document.
 */
import { useId, useState } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as Tabs from '@radix-ui/react-tabs';
import type * as Y from 'yjs';
import type { TTripRole } from '@caravan/shared';
import { ActivityTab } from './ActivityTab.tsx';
import { ArchivedTab } from './ArchivedTab.tsx';
import { InviteTab } from './InviteTab.tsx';
import { MembersTab } from './MembersTab.tsx';
import { collabPanelMessages } from './messages.ts';
import { PendingTab } from './PendingTab.tsx';
import { SuggestionsTab } from './SuggestionsTab.tsx';
import { SuggestStopTab } from './SuggestStopTab.tsx';
import { useDocVersions } from './useDocVersions.ts';

const text = collabPanelMessages;

export interface CollaborationPanelProps {
  tripId: string;
  role: TTripRole;
  userId: number;
  /** The live trip document; null until the page has opened it. */
  doc: Y.Doc | null;
}

type TabId = keyof typeof text.tabs;

const VISIBLE_TO: Record<TabId, ReadonlyArray<TTripRole>> = {
  members: ['owner', 'editor', 'viewer'],
  invite: ['owner', 'editor'],
  pending: ['owner'],
  suggestions: ['owner'],
  suggest: ['editor', 'viewer'],
  archived: ['owner'],
  activity: ['owner', 'editor', 'viewer'],
};

export function CollaborationPanel({ tripId, role, userId, doc }: CollaborationPanelProps) {
  const id = useId();
  const [open, setOpen] = useState(true);
  useDocVersions(tripId, doc);
  const tabs = (Object.keys(VISIBLE_TO) as TabId[]).filter((tab) => VISIBLE_TO[tab].includes(role));

  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="card collab-panel" role="region" aria-labelledby={`${id}-title`}>
      <h2 className="collab-heading" id={`${id}-title`}>
        <Collapsible.Trigger className="collab-toggle">
          {text.title}
          <span aria-hidden="true" className="chevron">
            {open ? '▾' : '▸'}
          </span>
        </Collapsible.Trigger>
      </h2>
      <Collapsible.Content>
        <Tabs.Root defaultValue="members" className="tabs collab-tabs">
          <Tabs.List className="tab-list" aria-label={text.title}>
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className="tab">
                {text.tabs[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="members" className="tab-panel">
            <MembersTab tripId={tripId} role={role} userId={userId} />
          </Tabs.Content>
          {tabs.includes('invite') && (
            <Tabs.Content value="invite" className="tab-panel">
              <InviteTab tripId={tripId} />
            </Tabs.Content>
          )}
          {tabs.includes('pending') && (
            <Tabs.Content value="pending" className="tab-panel">
              <PendingTab tripId={tripId} />
            </Tabs.Content>
          )}
          {tabs.includes('suggestions') && (
            <Tabs.Content value="suggestions" className="tab-panel">
              <SuggestionsTab tripId={tripId} role={role} doc={doc} />
            </Tabs.Content>
          )}
          {tabs.includes('suggest') && (
            <Tabs.Content value="suggest" className="tab-panel">
              <SuggestStopTab tripId={tripId} />
            </Tabs.Content>
          )}
          {tabs.includes('archived') && (
            <Tabs.Content value="archived" className="tab-panel">
              <ArchivedTab tripId={tripId} doc={doc} />
            </Tabs.Content>
          )}
          <Tabs.Content value="activity" className="tab-panel">
            <ActivityTab tripId={tripId} doc={doc} />
          </Tabs.Content>
        </Tabs.Root>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
