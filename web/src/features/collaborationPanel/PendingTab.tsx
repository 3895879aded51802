/**
 * The owner's Pending tab (docs/product.md#members): the status of every invitation sent, and the same invitations as
 * links the owner can copy and pass on when the e-mail went missing.
 */
import { useQuery } from '@tanstack/react-query';
import { ViewTabs } from '../../components/ViewTabs.tsx';
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
      <ViewTabs
        label={text.pendingViews}
        defaultValue="status"
        className="tabs pending-views"
        listClassName="tab-list segmented"
        tabs={[
          { value: 'status', label: text.statusView, content: <PendingStatusList query={invitations} /> },
          { value: 'links', label: text.linkView, content: <PendingLinkList query={invitations} /> },
        ]}
      />
    </section>
  );
}
