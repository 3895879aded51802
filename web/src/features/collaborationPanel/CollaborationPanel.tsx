/**
 * The trip page's collapsible Collaboration section (docs/product.md#members): tabs by trip role — Members,
 * Activity, Suggestions (to vote on), Polls, Checklists and Costs for everyone, Invite for owner and editors,
 * Pending and Archived for the owner, Suggest Stop for editors and viewers. Suggestions, votes, polls,
 * checklists, activity and costs are read live from the trip document.
 */
import { useId, useState } from 'react';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as Tabs from '@radix-ui/react-tabs';
import type * as Y from 'yjs';
import type { LatLng, TTripRole } from '@caravan/shared';
import { ActivityTab } from './ActivityTab.tsx';
import { ArchivedTab } from './ArchivedTab.tsx';
import { CostsTab } from './costs/CostsTab.tsx';
import { ChecklistsTab } from './ChecklistsTab.tsx';
import { InviteTab } from './InviteTab.tsx';
import { MembersTab } from './MembersTab.tsx';
import { collabPanelMessages } from './messages.ts';
import { PendingTab } from './PendingTab.tsx';
import { PollsTab } from './PollsTab.tsx';
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
  /** Asks for a click on the trip's map: where a suggested stop the search did not find goes. */
  onPickOnMap?: (name: string, onPicked: (position: LatLng) => void) => void;
}

type TabId = keyof typeof text.tabs;

const VISIBLE_TO: Record<TabId, ReadonlyArray<TTripRole>> = {
  members: ['owner', 'editor', 'viewer'],
  invite: ['owner', 'editor'],
  pending: ['owner'],
  suggestions: ['owner', 'editor', 'viewer'],
  suggest: ['editor', 'viewer'],
  archived: ['owner'],
  polls: ['owner', 'editor', 'viewer'],
  checklists: ['owner', 'editor', 'viewer'],
  activity: ['owner', 'editor', 'viewer'],
  costs: ['owner', 'editor', 'viewer'],
};

/** The content of one tab; only the tabs the role sees are rendered at all. */
function renderTab(tab: TabId, { tripId, role, userId, doc, onPickOnMap }: CollaborationPanelProps) {
  switch (tab) {
    case 'members':
      return <MembersTab tripId={tripId} role={role} userId={userId} />;
    case 'invite':
      return <InviteTab tripId={tripId} />;
    case 'pending':
      return <PendingTab tripId={tripId} />;
    case 'suggestions':
      return <SuggestionsTab tripId={tripId} role={role} userId={userId} doc={doc} />;
    case 'suggest':
      return <SuggestStopTab tripId={tripId} doc={doc} onPickOnMap={onPickOnMap} />;
    case 'archived':
      return <ArchivedTab tripId={tripId} doc={doc} />;
    case 'polls':
      return <PollsTab role={role} userId={userId} doc={doc} />;
    case 'checklists':
      return <ChecklistsTab tripId={tripId} role={role} userId={userId} doc={doc} />;
    case 'activity':
      return <ActivityTab tripId={tripId} userId={userId} doc={doc} />;
    case 'costs':
      return <CostsTab tripId={tripId} role={role} userId={userId} doc={doc} />;
  }
}

export function CollaborationPanel({ tripId, role, userId, doc, onPickOnMap }: CollaborationPanelProps) {
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
          {tabs.map((tab) => (
            <Tabs.Content key={tab} value={tab} className="tab-panel">
              {renderTab(tab, { tripId, role, userId, doc, onPickOnMap })}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
