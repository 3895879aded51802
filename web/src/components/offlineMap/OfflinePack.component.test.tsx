/**
 * The offline map's dialog body and the account page's list on their own (jsdom): what each state says and offers,
 * and that every action is a button reached by keyboard. Downloading for real, and the map drawn from the pack
 * offline, are the browser test's (test/e2e/offlineMap.test.ts).
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { offlinePackMessages as text } from '../../lib/messages/offlinePackMessages.ts';
import type { PackManifest } from '../../lib/offlineMap/packStore.ts';
import { OfflinePackBody, type OfflinePackBodyProps } from './OfflinePackBody.tsx';
import { OfflinePackList } from './OfflinePackList.tsx';

const pack: PackManifest = {
  userId: 1,
  tripId: '11111111-1111-4111-8111-111111111111',
  tripTitle: 'Big Sur Run',
  packKey: 'k1',
  savedAt: '2026-12-03T08:00:00.000Z',
  complete: true,
  documents: [],
  files: [],
  tileSources: [],
  runs: [],
  tileCount: 1234,
  bytes: 18_400_000,
  origins: [],
};

function body(props: Partial<OfflinePackBodyProps>) {
  const handlers = { onStart: vi.fn(), onCancel: vi.fn(), onDelete: vi.fn(), onAutoChange: vi.fn() };
  render(
    <OfflinePackBody
      supported
      available
      plan="ready"
      estimate={{ tiles: 1234, bytes: 18_400_000 }}
      pack={null}
      state="none"
      activity={{ kind: 'idle' }}
      deleting={false}
      auto="no"
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe("the trip's Offline map dialog", () => {
  it('gives the size before starting, and starts from the keyboard', async () => {
    const user = userEvent.setup();
    const { onStart } = body({});
    expect(screen.getByText(text.estimate(1234, 18_400_000))).toBeTruthy();
    expect(screen.getByText('About 1,234 map tiles, 18 MB.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: text.remove })).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: text.make }));
    await user.keyboard('{Enter}');
    expect(onStart).toHaveBeenCalledOnce();
  });

  it('shows the progress in files and MB with Cancel, and nothing to start meanwhile', async () => {
    const user = userEvent.setup();
    const { onCancel } = body({ activity: { kind: 'downloading', progress: { done: 300, total: 1250, bytes: 4_250_000, failed: 0 } } });
    const bar = screen.getByLabelText(text.progressLabel) as HTMLProgressElement;
    expect(bar.value).toBe(300);
    expect(bar.max).toBe(1250);
    expect(screen.getByRole('status').textContent).toBe('300 of 1,250 files, 4.3 MB');
    expect(screen.queryByRole('button', { name: text.make })).toBeNull();
    await user.click(screen.getByRole('button', { name: text.cancel }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says a pack is up to date with its size and date, and offers Delete but no Update', async () => {
    const user = userEvent.setup();
    const { onDelete } = body({ pack, state: 'current' });
    expect(screen.getByRole('status').textContent).toBe('Available offline: 1,234 tiles, 18 MB, saved Dec 3, 2026.');
    expect(screen.queryByRole('button', { name: text.update })).toBeNull();
    await user.click(screen.getByRole('button', { name: text.remove }));
    expect(onDelete).toHaveBeenCalledOnce();
  });

  it('offers Update with the missing tiles when the route changed, and after an incomplete download', () => {
    body({ pack, state: 'outdated', estimate: { tiles: 40, bytes: 600_000 } });
    expect(screen.getByText(text.outdated(40, 600_000))).toBeTruthy();
    expect(screen.getByRole('button', { name: text.update })).toBeTruthy();
  });

  it('reports files that failed after retrying, a cancel, and a plan that could not be loaded', () => {
    body({ pack: { ...pack, complete: false }, state: 'outdated', activity: { kind: 'finished', failed: 3, cancelled: false } });
    expect(screen.getByRole('alert').textContent).toBe(text.failed(3));
    expect(screen.getByText(text.incomplete)).toBeTruthy();
  });

  it('disables the start while the tile list is unknown, and says why when it failed', () => {
    body({ plan: 'error', estimate: null });
    expect(screen.getByRole('alert').textContent).toBe(text.planFailed);
    expect((screen.getByRole('button', { name: text.make }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the base map cannot be kept or the browser cannot keep maps', () => {
    body({ available: false });
    expect(screen.getByText(text.notAvailable)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks once, when the first pack is there, whether to keep the trips starting within a week by themselves', async () => {
    const user = userEvent.setup();
    const { onAutoChange } = body({ pack, state: 'current', auto: null });
    expect(screen.getByRole('group', { name: text.autoAsk })).toBeTruthy();
    expect(screen.queryByLabelText(text.auto)).toBeNull();
    await user.click(screen.getByRole('button', { name: text.autoYes }));
    expect(onAutoChange).toHaveBeenCalledWith('yes');
  });

  it('does not ask before the first pack, and offers the choice as a checkbox once answered', async () => {
    const user = userEvent.setup();
    const asked = body({ auto: null });
    expect(screen.queryByRole('group', { name: text.autoAsk })).toBeNull();
    expect(screen.queryByLabelText(text.auto)).toBeNull();
    expect(asked.onAutoChange).not.toHaveBeenCalled();
    cleanup();
    const { onAutoChange } = body({ pack, state: 'current', auto: 'no' });
    await user.click(screen.getByLabelText(text.auto));
    expect(onAutoChange).toHaveBeenCalledWith('yes');
  });
});

describe("the account page's offline maps", () => {
  function list(props: Partial<Parameters<typeof OfflinePackList>[0]>) {
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <OfflinePackList packs={[]} space={null} onDelete={onDelete} deleting={null} {...props} />
      </MemoryRouter>,
    );
    return onDelete;
  }

  it('lists each pack with its trip, tiles, size, date and state, and deletes one by a button named after its trip', async () => {
    const user = userEvent.setup();
    const onDelete = list({
      packs: [
        { pack, state: 'current' },
        { pack: { ...pack, tripId: '22222222-2222-4222-8222-222222222222', tripTitle: 'Olympic Loop' }, state: 'outdated' },
      ],
      space: { usage: 25_000_000, quota: 2_000_000_000 },
    });
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('1,234');
    expect(items[0].textContent).toContain('18 MB');
    expect(items[0].textContent).toContain(text.upToDate);
    expect(items[1].textContent).toContain(text.needsUpdate);
    expect(screen.getByRole('link', { name: 'Big Sur Run' }).getAttribute('href')).toBe(`/trips/${pack.tripId}`);
    expect(screen.getByText(text.space(25_000_000, 2_000_000_000))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: text.deleteOne('Olympic Loop') }));
    expect(onDelete).toHaveBeenCalledWith('22222222-2222-4222-8222-222222222222');
  });

  it('says when there is none, and when one is incomplete or its state cannot be checked offline', () => {
    list({});
    expect(screen.getByText(text.listEmpty)).toBeTruthy();
    render(
      <MemoryRouter>
        <OfflinePackList packs={[{ pack: { ...pack, complete: false }, state: 'current' }, { pack: { ...pack, tripId: 'x' }, state: 'unknown' }]} space={null} onDelete={() => {}} deleting={null} />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0].textContent).toContain(text.stateIncomplete);
    expect(items[1].textContent).toContain(text.stateUnknown);
  });
});
