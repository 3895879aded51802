/** Every call's contract, grouped by what it acts on: `calls.stops.toggleVisited`, `calls.comments.create`. */
import { accountCalls } from './accountCalls.ts';
import { collaborationCalls } from './collaborationCalls.ts';
import { corridorCalls } from './corridorCalls.ts';
import { historyCalls } from './historyCalls.ts';
import { lookupCalls } from './lookupCalls.ts';
import { moneyCalls } from './moneyCalls.ts';
import { notificationCalls } from './notificationCalls.ts';
import { offlineMapCalls } from './offlineMapCalls.ts';
import { passkeyCalls } from './passkeyCalls.ts';
import { pushCalls } from './pushCalls.ts';
import { tripCalls } from './tripCalls.ts';
import { twoFactorCalls } from './twoFactorCalls.ts';
import { weatherCalls } from './weatherCalls.ts';

export const calls = { ...accountCalls, ...tripCalls, ...collaborationCalls, ...lookupCalls, ...moneyCalls, ...passkeyCalls, ...twoFactorCalls, ...notificationCalls, ...pushCalls, ...historyCalls, ...weatherCalls, ...corridorCalls, ...offlineMapCalls };
