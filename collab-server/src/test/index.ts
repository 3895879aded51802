/**
 * The collab server's test kit for the cross-package tests and the benches (package.json "./test"): Yjs
 * clients over a real websocket, and the misbehaving ones (a flooder, a reader that never reads).
 */
export { connectClient, socketWithCookie, waitFor, type TestClient } from './collabClient.ts';
// Members editing until told to stop, acknowledged edits tracked (the crash tests).
export { startEditing, type EditingCrew } from './editingCrew.ts';
export { startFlooder, type FloodClose } from './flooder.ts';
export { startPausedReader } from './pausedReader.ts';
