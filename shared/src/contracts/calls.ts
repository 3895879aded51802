/** Every call's contract, grouped by what it acts on: `calls.stops.toggleVisited`, `calls.comments.create`. */
import { collaborationCalls } from './collaborationCalls.ts';
import { tripCalls } from './tripCalls.ts';

export const calls = { ...tripCalls, ...collaborationCalls };
