/**
 * The trip history dialog on its own (jsdom), its calls answered through the history api: the versions newest first
 * in words (kind, a member's name for it, who edited, the summary), older ones a page at a time with `before`,
 * "Name this version" for owners and editors only (a `named` take), and a comparison's words with Restore beside a
 * stop and an entry for an editor, none for a viewer. The calls themselves are the api tests'.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration, type TTripChanges, type TTripVersion } from '@caravan/shared';
import { historyApi } from '../../../lib/tripHistory/historyApi.ts';
import { HistoryDialog } from './HistoryDialog.tsx';
import { historyMessages as text, versionTime } from './messages.ts';
import { useRestore } from './useRestore.ts';

const TRIP = '11111111-1111-4111-8111-111111111111';

afterEach(() => vi.restoreAllMocks());

const version = (id: string, fields: Partial<TTripVersion> = {}): TTripVersion => ({
  id,
  // A later version, a later minute.
  takenAt: new Date(Date.parse('2026-12-02T09:00:00.000Z') + Number(id) * 60_000).toISOString(),
  kind: 'auto',
  name: null,
  editors: [],
  summary: '',
  ...fields,
});

const newest = version('30', { kind: 'named', name: 'Before we cut Oregon', editors: [{ userId: 2, displayName: 'Ana' }], summary: 'Ana moved 3 stops' });
const optimised = version('20', { kind: 'before_optimise', editors: [{ userId: 3, displayName: 'Ben' }], summary: 'Ben added an expense' });
const older = version('5', { summary: 'Ana added Astoria' });

const changes: TTripChanges = {
  stops: [
    { stopId: 'astoria', name: 'Astoria', kind: 'added', fields: [], by: [2] },
    { stopId: 'eureka', name: 'Eureka', kind: 'removed', fields: [], by: [3] },
    { stopId: 'bend', name: 'Bend', kind: 'moved', fields: [], by: [2] },
    { stopId: 'portland', name: 'Portland, OR', kind: 'changed', fields: [{ field: 'name', before: 'Portland', after: 'Portland, OR' }], by: [2] },
    { stopId: 'salem', name: 'Salem', kind: 'changed', fields: [{ field: 'stayMinutes', before: 60, after: 90 }], by: [99] },
  ],
  days: [{ day: 2, date: '2026-07-02', beforeStopIds: ['eureka', 'bend'], afterStopIds: ['bend'] }],
  entries: [
    { part: 'money', root: 'expenses', key: 'gas', kind: 'changed', label: 'Gas in Eureka', before: { amount: 40 }, after: { amount: 55 }, by: [3] },
    { part: 'decisions', root: 'polls', key: 'dinner', kind: 'added', label: 'Where do we eat?', before: null, after: { question: 'Where do we eat?' }, by: [2] },
  ],
  members: [
    { userId: 2, displayName: 'Ana' },
    { userId: 3, displayName: 'Ben' },
  ],
  summary: 'Ana moved 2 stops, Ben removed Eureka',
};

function Dialog({ canEdit, lastLook = null }: { canEdit: boolean; lastLook?: string | null }) {
  const restorer = useRestore(TRIP);
  return (
    <HistoryDialog
      open
      onOpenChange={() => {}}
      tripId={TRIP}
      canEdit={canEdit}
      lastLook={lastLook}
      stopNames={new Map([['bend', 'Bend']])}
      restorer={canEdit ? restorer : null}
      onView={() => {}}
    />
  );
}

function renderDialog(canEdit: boolean, lastLook: string | null = null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Dialog canEdit={canEdit} lastLook={lastLook} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: text.title });
}

/** axe over the dialog, leaving out colour contrast (jsdom lays nothing out); the browser test runs it whole. */
async function expectAxeClean(element: Element) {
  const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);
}

describe('Trip history dialog', () => {
  it('lists the versions newest first in words, pages back with before, and names a version', async () => {
    const list = vi
      .spyOn(historyApi, 'list')
      .mockResolvedValueOnce({ versions: [newest, optimised], nextBefore: '20' })
      .mockResolvedValueOnce({ versions: [older], nextBefore: null });
    const take = vi.spyOn(historyApi, 'take').mockResolvedValue({ version: version('31', { kind: 'named', name: 'Before Oregon' }) });
    const user = userEvent.setup();
    const dialog = renderDialog(true);

    const versions = await within(dialog).findByRole('list', { name: text.versionsHeading });
    const rows = within(versions).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['Before we cut Oregon', 'Before Optimise']);
    within(rows[0]).getByText(text.editedBy(['Ana']));
    within(rows[0]).getByText('Ana moved 3 stops');
    within(rows[0]).getByText(versionTime(newest.takenAt));
    within(rows[1]).getByText('Ben added an expense');
    await expectAxeClean(dialog);

    await user.click(within(dialog).getByRole('button', { name: text.loadMore }));
    await within(versions).findByText('Ana added Astoria');
    expect(list).toHaveBeenLastCalledWith(TRIP, '20', expect.any(Number));
    expect(within(dialog).queryByRole('button', { name: text.loadMore })).toBeNull();

    await user.type(within(dialog).getByLabelText(text.nameLabel), '  Before Oregon ');
    await user.click(within(dialog).getByRole('button', { name: text.nameSave }));
    expect(take).toHaveBeenCalledWith(TRIP, 'named', 'Before Oregon');
    // Said in the dialog, not in a toast (which would sit behind it and take its first Escape).
    await within(dialog).findByText(text.named('Before Oregon'));
  });

  it('says a failed restore in the dialog', async () => {
    const { ApiError } = await import('../../../lib/api.ts');
    vi.spyOn(historyApi, 'list').mockResolvedValue({ versions: [newest, optimised], nextBefore: null });
    vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes });
    vi.spyOn(historyApi, 'restore').mockRejectedValue(new ApiError('Version not found', 404));
    const user = userEvent.setup();
    const dialog = renderDialog(true);
    await user.click(await within(dialog).findByRole('button', { name: text.changesSinceLabel('Before Optimise', versionTime(optimised.takenAt)) }));
    await user.click(await within(dialog).findByRole('button', { name: text.restoreStopLabel('Eureka') }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(text.restoreFailed('Version not found'));
  });

  it('says what changed per part with who did it, with Restore beside stops and entries for an editor', async () => {
    vi.spyOn(historyApi, 'list').mockResolvedValue({ versions: [newest, optimised], nextBefore: null });
    const diff = vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes });
    const restore = vi.spyOn(historyApi, 'restore').mockResolvedValue({ before: version('40', { kind: 'before_restore' }) });
    const user = userEvent.setup();
    const dialog = renderDialog(true);

    await user.click(await within(dialog).findByRole('button', { name: text.changesSinceLabel('Before Optimise', versionTime(optimised.takenAt)) }));
    expect(diff).toHaveBeenCalledWith(TRIP, '20', null);
    const stops = await within(dialog).findByRole('region', { name: text.stopsHeading });
    within(stops).getByText(text.stopChange('added', 'Astoria'));
    within(stops).getByText(text.stopChange('removed', 'Eureka'));
    within(stops).getByText(text.stopChange('moved', 'Bend'));
    within(stops).getByText(text.renamed('Portland', 'Portland, OR'));
    within(stops).getByText(text.fieldChange('Stay', formatDuration(60), formatDuration(90)));
    expect(within(stops).getAllByText(text.by(['Ana']))).toHaveLength(3);
    within(stops).getByText(text.by(['Ben']));
    within(stops).getByText(text.by([text.someone]));

    const days = within(dialog).getByRole('region', { name: text.daysHeading });
    within(days).getByText(text.dayTitle(2, '2026-07-02'));
    within(days).getByText(text.dayStops('Eureka, Bend', 'Bend'));
    const costs = within(dialog).getByRole('region', { name: text.entriesHeading('money') });
    within(costs).getByText(text.entryChange('changed', 'Gas in Eureka'));
    within(costs).getByText(text.fieldChange('Amount', '40', '55'));
    const polls = within(dialog).getByRole('region', { name: text.entriesHeading('decisions') });
    within(polls).getByText(text.entryChange('added', 'Where do we eat?'));

    // Restore beside what the first version holds: not beside an added stop or entry.
    expect(within(dialog).queryByRole('button', { name: text.restoreStopLabel('Astoria') })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: text.restoreEntryLabel('Where do we eat?') })).toBeNull();
    within(dialog).getByRole('button', { name: text.restoreEntryLabel('Gas in Eureka') });
    await expectAxeClean(dialog);
    await user.click(within(dialog).getByRole('button', { name: text.restoreStopLabel('Eureka') }));
    expect(restore).toHaveBeenCalledWith(TRIP, '20', { stopId: 'eureka' });
    // The toast's Undo is behind the modal dialog: the dialog offers it too, once.
    await within(dialog).findByText(text.restored('Eureka'));
    await user.click(within(dialog).getByRole('button', { name: text.undoLabel('Eureka') }));
    expect(restore).toHaveBeenLastCalledWith(TRIP, '40');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: text.undoLabel('Eureka') })).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: text.restoreEntryLabel('Gas in Eureka') }));
    expect(restore).toHaveBeenLastCalledWith(TRIP, '20', { root: 'expenses', key: 'gas' });
  });

  it('compares from the newest version at or before the last look with the trip now', async () => {
    vi.spyOn(historyApi, 'list').mockResolvedValue({ versions: [newest, optimised, older], nextBefore: null });
    const diff = vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes });
    const user = userEvent.setup();
    // Looked after the version before Optimise was taken, before the named one.
    const lastLook = new Date(Date.parse(optimised.takenAt) + 60_000).toISOString();
    const dialog = renderDialog(false, lastLook);

    within(dialog).getByText(text.sinceLastLookHint(versionTime(lastLook)));
    await user.click(await within(dialog).findByRole('button', { name: text.sinceLastLook }));
    await within(dialog).findByRole('heading', { name: text.changesTitle(`Before Optimise, ${versionTime(optimised.takenAt)}`, text.now) });
    expect(diff).toHaveBeenCalledWith(TRIP, '20', null);
  });

  it('compares two versions chosen by the member', async () => {
    vi.spyOn(historyApi, 'list').mockResolvedValue({ versions: [newest, optimised, older], nextBefore: null });
    const diff = vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes: { ...changes, stops: [], days: [], entries: [], summary: '' } });
    const user = userEvent.setup();
    const dialog = renderDialog(true);

    await within(dialog).findByRole('list', { name: text.versionsHeading });
    const compare = within(dialog).getByRole('form', { name: text.compareHeading });
    await user.selectOptions(within(compare).getByLabelText(text.compareFrom), older.id);
    await user.selectOptions(within(compare).getByLabelText(text.compareTo), optimised.id);
    await user.click(within(compare).getByRole('button', { name: text.compare }));
    await within(dialog).findByText(text.noChanges);
    expect(diff).toHaveBeenCalledWith(TRIP, '5', '20');
    await user.click(within(dialog).getByRole('button', { name: text.backToVersions }));
    await within(dialog).findByRole('list', { name: text.versionsHeading });
  });

  it('shows a viewer the versions and the changes, with no naming and no Restore', async () => {
    vi.spyOn(historyApi, 'list').mockResolvedValue({ versions: [newest, optimised], nextBefore: null });
    vi.spyOn(historyApi, 'diff').mockResolvedValue({ changes });
    const user = userEvent.setup();
    const dialog = renderDialog(false);

    await within(dialog).findByRole('list', { name: text.versionsHeading });
    expect(within(dialog).queryByLabelText(text.nameLabel)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: text.changesSinceLabel('Before Optimise', versionTime(optimised.takenAt)) }));
    await within(dialog).findByRole('region', { name: text.stopsHeading });
    expect(within(dialog).queryAllByRole('button', { name: /^Restore/ })).toEqual([]);
  });
});
