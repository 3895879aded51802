/**
 * The collab server package's public surface, for `npm start` and the tooling (scripts/, bench/, test/):
 * starting it in this process or as its own. package.json exports only this file and ./test, and
 * .dependency-cruiser.cjs refuses imports that reach past them.
 */
export { startCollabServer, type RunningCollabServer } from './collabServer.ts';
export { COLLAB_NODE_FLAGS, startCollabProcess, superviseCollabProcess, type CollabProcess } from './collabProcess.ts';
// A connection's message handling, which bench:collab times from outside the code under test.
export { Connection } from './connection.ts';
