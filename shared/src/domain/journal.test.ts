import { describe, expect, it } from 'vitest';
import {
  isLegacyEntryId,
  journalPreview,
  legacyJournalEntry,
  sortJournalEntries,
  stopJournalEntries,
  truncateText,
} from './journal.ts';

const entry = (id: string, entryDate: string | null, createdAt: string, content: string | null = 'text', photos: string[] | null = null) => ({
  id,
  content,
  photos,
  entryDate,
  createdAt,
});

describe('journal order', () => {
  it('puts the newest entry date first, then the entry written last, undated entries at the end', () => {
    const entries = [
      entry('older-day', '2024-06-01', '2024-06-10T09:00:00Z'),
      entry('undated', null, '2024-06-20T09:00:00Z'),
      entry('same-day-first', '2024-06-02', '2024-06-02T08:00:00Z'),
      entry('same-day-later', '2024-06-02', '2024-06-02T21:00:00Z'),
    ];
    expect(sortJournalEntries(entries).map((e) => e.id)).toEqual(['same-day-later', 'same-day-first', 'older-day', 'undated']);
    expect(sortJournalEntries([])).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    const entries = [entry('a', '2024-06-01', '2024-06-01T00:00:00Z'), entry('b', '2024-06-02', '2024-06-02T00:00:00Z')];
    sortJournalEntries(entries);
    expect(entries.map((e) => e.id)).toEqual(['a', 'b']);
  });
});

describe('legacy journal entry', () => {
  it("presents a legacy stop's content and photos as one entry named after the stop", () => {
    const legacy = legacyJournalEntry({ id: 'stop-1', journalContent: 'Old notes', photos: ['/photos/a.jpg'], createdAt: '2023-05-01T10:00:00Z' });
    expect(legacy).toEqual({
      id: 'legacy-stop-1',
      content: 'Old notes',
      photos: ['/photos/a.jpg'],
      entryDate: '2023-05-01T10:00:00Z',
      createdAt: '2023-05-01T10:00:00Z',
    });
    expect(isLegacyEntryId(legacy!.id)).toBe(true);
    expect(isLegacyEntryId('5b7c0e5e-0000-4000-8000-000000000000')).toBe(false);
  });

  it('has no entry for a stop with neither content nor photos', () => {
    expect(legacyJournalEntry({ id: 's', journalContent: '  ', photos: [] })).toBeNull();
    expect(legacyJournalEntry({ id: 's', journalContent: null, photos: null })).toBeNull();
    expect(legacyJournalEntry({ id: 's', photos: ['/p.jpg'] })?.content).toBeNull();
  });

  it('lists the legacy entry among the real ones by its date', () => {
    const stop = {
      id: 'stop-1',
      journalContent: 'From 2023',
      createdAt: '2023-05-01T10:00:00Z',
      journalEntries: [entry('new', '2024-06-01', '2024-06-01T10:00:00Z')],
    };
    expect(stopJournalEntries(stop).map((e) => e.id)).toEqual(['new', 'legacy-stop-1']);
    expect(stopJournalEntries({ id: 'empty' })).toEqual([]);
  });
});

describe('journal preview', () => {
  const long = 'a'.repeat(400);

  it('cuts the stop card at 120, the editor at 150 and the timeline at 300 characters, with an ellipsis', () => {
    expect(journalPreview({ content: long, photos: null })).toBe(`${'a'.repeat(120)}...`);
    expect(journalPreview({ content: long, photos: null }, 150)).toBe(`${'a'.repeat(150)}...`);
    expect(journalPreview({ content: long, photos: null }, 300)).toBe(`${'a'.repeat(300)}...`);
  });

  it('shows short text whole, without an ellipsis', () => {
    expect(journalPreview({ content: 'a'.repeat(120), photos: ['/p.jpg'] })).toBe('a'.repeat(120));
    expect(journalPreview({ content: '  Sunset at the canyon rim.  ', photos: null })).toBe('Sunset at the canyon rim.');
  });

  it('counts photos when the entry has no text', () => {
    expect(journalPreview({ content: '', photos: ['/a.jpg', '/b.jpg'] })).toBe('2 photo(s)');
    expect(journalPreview({ content: null, photos: ['/a.jpg'] })).toBe('1 photo(s)');
    expect(journalPreview({ content: null, photos: null })).toBe('');
    expect(journalPreview(undefined)).toBe('');
  });

  it('never cuts an emoji in half and drops the space before the ellipsis', () => {
    expect(truncateText('🌵'.repeat(5), 3)).toBe('🌵🌵🌵...');
    expect(truncateText('one two three', 4)).toBe('one...');
  });
});
