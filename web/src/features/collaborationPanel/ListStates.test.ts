import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListState } from '../../lib/collab/useDocValue.ts';
import { ListStates } from './ListStates.tsx';

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
