/**
 * The owner's Pending tab (SPEC-2 §2.3): the status of every invitation sent, and the same invitations as
 * links the owner can copy and pass on when the e-mail went missing.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { collabKeys, collaborationApi } from './collaborationApi.ts';
import { collabPanelMessages } from './messages.ts';
import { PendingLinkList } from './PendingLinkList.tsx';
import { PendingStatusList } from './PendingStatusList.tsx';

const text = collabPanelMessages;

export function PendingTab({ tripId }: { tripId: string }) {
  const invitations = useQuery({ queryKey: collabKeys.invitations(tripId), queryFn: () => collaborationApi.invitations(tripId) });
  return (
    <section aria-labelledby="collab-pending-title">
      <h3 id="collab-pending-title">{text.pendingTitle}</h3>
      <Tabs.Root defaultValue="status" className="tabs pending-views">
        <Tabs.List className="tab-list segmented" aria-label={text.pendingViews}>
          <Tabs.Trigger value="status" className="tab">
            {text.statusView}
          </Tabs.Trigger>
          <Tabs.Trigger value="links" className="tab">
            {text.linkView}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="status">
          <PendingStatusList query={invitations} />
        </Tabs.Content>
        <Tabs.Content value="links">
          <PendingLinkList query={invitations} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
