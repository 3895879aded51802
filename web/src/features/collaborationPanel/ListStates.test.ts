import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListState } from '../../lib/collab/useDocValue.ts';
import { ListStates, NeedsConnection, queryListState } from './ListStates.tsx';
import { collabPanelMessages } from './messages.ts';

const render = (state: ListState<string>) =>
  renderToStaticMarkup(
    createElement(ListStates<string>, {
      state,
      skeleton: { rows: 2, label: 'Loading members' },
      errorText: (error) => `Could not load: ${(error as Error).message}`,
      empty: createElement('p', null, 'Nobody yet'),
      children: (items) => createElement('ul', null, items.map((item) => createElement('li', { key: item }, item))),
    }),
  );

describe('ListStates', () => {
  it('shows skeleton rows while loading, then the error, the empty message or the list, one at a time', () => {
    expect(render({ status: 'loading' })).toContain('Loading members');
    const failed = render({ status: 'error', error: new Error('offline') });
    expect(failed).toBe('<p role="alert" class="error-text">Could not load: offline</p>');
    expect(render({ status: 'ready', items: [] })).toBe('<p>Nobody yet</p>');
    expect(render({ status: 'ready', items: ['Ana', 'Ben'] })).toBe('<ul><li>Ana</li><li>Ben</li></ul>');
  });
});

describe('queryListState', () => {
  const query = (fields: Partial<UseQueryResult<string[]>>) =>
    ({ data: undefined, isError: false, error: null, fetchStatus: 'idle', ...fields }) as UseQueryResult<string[]>;

  it('says a list held for the connection needs one, instead of skeleton rows that never end', () => {
    const offline = queryListState(query({ fetchStatus: 'paused' }));
    expect(offline).toEqual({ status: 'error', error: expect.any(NeedsConnection) });
    // A note, not an alarm: the list takes its place once the browser is back online.
    expect(render(offline as ListState<string>)).toBe(`<p class="empty-text">${collabPanelMessages.needsConnection}</p>`);
    expect(queryListState(query({ fetchStatus: 'fetching' }))).toEqual({ status: 'loading' });
  });

  it('shows what it holds while offline, a list kept on this device among them', () => {
    expect(queryListState(query({ data: ['Ana'], fetchStatus: 'paused' }))).toEqual({ status: 'ready', items: ['Ana'] });
  });
});
