/** The contracts of a trip's history (/trips/history*): list, take, read, compare and restore versions. */
import { defineCall } from './defineCall.ts';
import {
  ZDiffVersionsRequest,
  ZDiffVersionsResponse,
  ZHistoryListRequest,
  ZHistoryListResponse,
  ZReadVersionRequest,
  ZReadVersionResponse,
  ZRestoreVersionRequest,
  ZRestoreVersionResponse,
  ZTakeVersionRequest,
  ZTakeVersionResponse,
} from './history.ts';

export const historyCalls = {
  history: {
    /** Viewers and up. Newest first. */
    list: defineCall({ method: 'POST', path: '/trips/history', request: ZHistoryListRequest, response: ZHistoryListResponse }),
    /** Owner and editors. */
    take: defineCall({ method: 'POST', path: '/trips/history/take', request: ZTakeVersionRequest, response: ZTakeVersionResponse }),
    /** Viewers and up. */
    read: defineCall({ method: 'POST', path: '/trips/history/version', request: ZReadVersionRequest, response: ZReadVersionResponse }),
    /** Viewers and up. */
    diff: defineCall({ method: 'POST', path: '/trips/history/diff', request: ZDiffVersionsRequest, response: ZDiffVersionsResponse }),
    /** Owner and editors: a new forward change, seen live by every member. */
    restore: defineCall({ method: 'POST', path: '/trips/history/restore', request: ZRestoreVersionRequest, response: ZRestoreVersionResponse }),
  },
};
