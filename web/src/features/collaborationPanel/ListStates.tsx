/** The four faces of a list the panel loads: skeleton rows, the error, the empty message, or the list itself. */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { SkeletonRows } from '../../components/SkeletonRows.tsx';
import type { ListState } from '../../lib/collab/useDocValue.ts';
import { collabPanelMessages } from './messages.ts';

/** A list that cannot be fetched while the browser is offline (react-query holds the call until it is back). */
export class NeedsConnection extends Error {
  constructor() {
    super(collabPanelMessages.needsConnection);
  }
}

/** A fetched list as a ListState: what it holds once fetched, its error, waiting for a connection, or loading. */
export function queryListState<T>(query: UseQueryResult<T[]>): ListState<T> {
  if (query.data) return { status: 'ready', items: query.data };
  if (query.isError) return { status: 'error', error: query.error };
  if (query.fetchStatus === 'paused') return { status: 'error', error: new NeedsConnection() };
  return { status: 'loading' };
}

interface ListStatesProps<T> {
  state: ListState<T>;
  skeleton: { rows: number; label: string };
  errorText: (error: unknown) => ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

export function ListStates<T>({ state, skeleton, errorText, empty, children }: ListStatesProps<T>) {
  if (state.status === 'loading') return <SkeletonRows count={skeleton.rows} label={skeleton.label} />;
  // Not a failure: it says why the list is not there, and the list replaces it once the connection is back.
  if (state.status === 'error' && state.error instanceof NeedsConnection) return <p className="empty-text">{state.error.message}</p>;
  if (state.status === 'error') {
    return (
      <p role="alert" className="error-text">
        {errorText(state.error)}
      </p>
    );
  }
  return state.items.length === 0 ? empty : children(state.items);
}
