/**
 * The collab server's test kit for the cross-package tests and the benches (package.json "./test"): Yjs
 * clients over a real websocket, and the misbehaving ones (a flooder, a reader that never reads).
 */
export { connectClient, socketWithCookie, waitFor, type TestClient } from './collabClient.ts';
export { startFlooder, type FloodClose } from './flooder.ts';
export { startPausedReader } from './pausedReader.ts';
