/**
 * Browsing a version on its own (jsdom): the read answer's document (a real Yjs update) shows read-only with the
 * banner, the stops as they were marked with what happened since (from the diff to now), the stops added since,
 * and the version's document handed to the trip view's slot; Restore (whole, one stop) only for owners and editors; a restore's toast carries Undo,
 * which restores the answer's `before`; Back to the live trip leaves.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { addStop, metaMap, orderedStops, type TTripChanges, type TTripVersion } from '@caravan/shared';
import { Toaster } from '../../../components/Toaster.tsx';
import { useToastStore } from '../../../lib/toastStore.ts';
import { historyApi } from '../../../lib/tripHistory/historyApi.ts';
import { historyMessages as text } from './messages.ts';
import { HistoryButton } from './HistoryButton.tsx';
import { useRestore } from './useRestore.ts';
import { useTripHistory } from './useTripHistory.ts';
import { VersionBrowser } from './VersionBrowser.tsx';

const TRIP = '11111111-1111-4111-8111-111111111111';

// The toast store is the app's one: no toast from another file's test stays in it.
beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(() => {
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

const version: TTripVersion = { id: '20', takenAt: '2026-07-01T09:30:00.000Z', kind: 'before_optimise', name: null, editors: [], summary: '' };

/** The trip as it was: three stops down the coast, as a base64 Yjs update like the read answer's. */
function versionUpdate(): string {
  const doc = new Y.Doc();
  // The server mirrors the trip's meta into every document: a version holds it too.
  metaMap(doc).set('title', 'Oregon coast');
  addStop(doc, 'astoria', { name: 'Astoria', latitude: 46.19, longitude: -123.83 });
  addStop(doc, 'eureka', { name: 'Eureka', latitude: 40.8, longitude: -124.16 });
  addStop(doc, 'bend', { name: 'Bend', latitude: 44.06, longitude: -121.31 });
  return btoa(String.fromCharCode(...Y.encodeStateAsUpdate(doc)));
}

const since: TTripChanges = {
  stops: [
    { stopId: 'eureka', name: 'Eureka', kind: 'removed', fields: [], by: [3] },
    { stopId: 'bend', name: 'Bend', kind: 'moved', fields: [], by: [2] },
    { stopId: 'salem', name: 'Salem', kind: 'added', fields: [], by: [2] },
  ],
  days: [],
  entries: [],
  members: [
    { userId: 2, displayName: 'Ana' },
    { userId: 3, displayName: 'Ben' },
  ],
  summary: 'Ana moved Bend and added Salem, Ben removed Eureka',
};

/** The page's slot for the trip view (pages/TripSlots.tsx composes the real one): what the version's document holds. */
function VersionView({ doc }: { tripId: string; userId: number; doc: Y.Doc }) {
  return (
    <section aria-label="Trip view">
      {orderedStops(doc).map((stop) => (
        <p key={stop.id}>{stop.name}</p>
      ))}
    </section>
  );
}

function Browser({ canEdit, onBack }: { canEdit: boolean; onBack: () => void }) {
  const restorer = useRestore(TRIP);
  return <VersionBrowser tripId={TRIP} userId={1} version={version} restorer={canEdit ? restorer : null} stopNames={new Map()} onBack={onBack} VersionView={VersionView} />;
}

function renderBrowser(canEdit: boolean, onBack = () => {}) {
  vi.spyOn(historyApi, 'read').mockResolvedValue({ version, stops: [], parts: {}, update: versionUpdate() });
  vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes: since });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Browser canEdit={canEdit} onBack={onBack} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('Browsing a version', () => {
  it('shows the stops as they were, marked with what happened since, and restores with an Undo', async () => {
    const restore = vi.spyOn(historyApi, 'restore').mockResolvedValue({ before: { ...version, id: '40', kind: 'before_restore' } });
    const onBack = vi.fn();
    const user = userEvent.setup();
    renderBrowser(true, onBack);

    const banner = screen.getByRole('region', { name: /^Viewing the trip as it was on / });
    await waitFor(() => expect(document.activeElement).toBe(within(banner).getByRole('heading')));
    const stops = await screen.findByRole('region', { name: text.browseStopsHeading });
    const rows = within(stops).getAllByRole('listitem');
    expect(rows.slice(0, 3).map((row) => row.querySelector('strong')?.textContent)).toEqual(['Astoria', 'Eureka', 'Bend']);
    await within(rows[1]).findByText(text.changedSince.removed);
    within(rows[2]).getByText(text.changedSince.moved);
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    within(within(stops).getByRole('list', { name: text.addedSinceHeading })).getByText('Salem');
    // The trip view's slot gets the version's document as it was.
    within(screen.getByRole('region', { name: 'Trip view' })).getByText('Eureka');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);

    await user.click(within(rows[1]).getByRole('button', { name: text.restoreStopLabel('Eureka') }));
    expect(restore).toHaveBeenLastCalledWith(TRIP, '20', { stopId: 'eureka' });
    await screen.findByText(text.restored('Eureka'), undefined, { timeout: 5000 });

    await user.click(within(banner).getByRole('button', { name: text.restoreVersion }));
    expect(restore).toHaveBeenLastCalledWith(TRIP, '20', undefined);
    await screen.findByText(text.restored(text.restoredVersion), undefined, { timeout: 5000 });
    // A plain click: Radix Toast's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: text.undoLabel(text.restoredVersion) }));
    await screen.findByText(text.undone, undefined, { timeout: 5000 });
    expect(restore).toHaveBeenLastCalledWith(TRIP, '40');

    await user.click(within(banner).getByRole('button', { name: text.backToLive }));
    expect(onBack).toHaveBeenCalled();
  });

  it('says a failed restore in words', async () => {
    const { ApiError } = await import('../../../lib/api.ts');
    vi.spyOn(historyApi, 'restore').mockRejectedValue(new ApiError('You can view this trip but not change it', 403));
    const user = userEvent.setup();
    renderBrowser(true);
    await screen.findByRole('region', { name: text.browseStopsHeading });
    await user.click(screen.getByRole('button', { name: text.restoreVersion }));
    await screen.findByText(text.restoreFailed('You can view this trip but not change it'), undefined, { timeout: 5000 });
  });

  it('gives a viewer no Restore', async () => {
    renderBrowser(false);
    const stops = await screen.findByRole('region', { name: text.browseStopsHeading });
    await within(stops).findByText(text.changedSince.removed);
    screen.getByRole('button', { name: text.backToLive });
    expect(screen.queryAllByRole('button', { name: /^Restore/ })).toEqual([]);
  });
});

/** The trip page's part in it (TripWorkspace.tsx): the header's History button, and the version browsed in place of the live trip. */
function PageWithHistory() {
  const history = useTripHistory(TRIP, 1, 'editor', []);
  return (
    <>
      <HistoryButton
        tripId={TRIP}
        canEdit={history.canEdit}
        lastLook={history.lastLook}
        stopNames={history.stopNames}
        restorer={history.restorer}
        onView={history.view}
        buttonRef={history.historyButton}
      />
      {history.browsing ? (
        <VersionBrowser tripId={TRIP} userId={1} version={history.browsing} restorer={history.restorer} stopNames={history.stopNames} onBack={history.backToLive} VersionView={VersionView} />
      ) : (
        <p>The live trip</p>
      )}
    </>
  );
}

describe('History by keyboard', () => {
  it('opens the dialog, closes it with Escape, views a version with focus on its banner, and comes back to History', async () => {
    vi.spyOn(historyApi, 'list').mockResolvedValue({ versions: [version], nextBefore: null });
    vi.spyOn(historyApi, 'read').mockResolvedValue({ version, stops: [], parts: {}, update: versionUpdate() });
    vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes: since });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PageWithHistory />
      </QueryClientProvider>,
    );
    const open = screen.getByRole('button', { name: text.open });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: text.title });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(open));

    await user.keyboard('{Enter}');
    const view = await within(screen.getByRole('dialog', { name: text.title })).findByRole('button', { name: /^View the trip as it was/ });
    // Tab reaches it from inside the dialog: the focus stays trapped there.
    while (document.activeElement !== view) {
      await user.tab();
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Enter}');
    const banner = screen.getByRole('region', { name: /^Viewing the trip as it was on / });
    await waitFor(() => expect(document.activeElement).toBe(within(banner).getByRole('heading')));
    await user.click(within(banner).getByRole('button', { name: text.backToLive }));
    screen.getByText('The live trip');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: text.open })));
  });
});
