/**
 * The peer: `@hocuspocus/server` with its default configuration (no extensions, so no persistence and no
 * authentication), only the port chosen by the OS, in its own process.
 */
import { Server } from '@hocuspocus/server';
import { serveProbe } from './serverProbe.ts';

const server = new Server({ port: 0 });
await server.listen();
const { port } = server.address;

serveProbe({
  framing: 'hocuspocus',
  ready: { url: `ws://127.0.0.1:${port}` },
  extra: () => ({ documents: server.hocuspocus.getDocumentsCount(), connections: server.hocuspocus.getConnectionsCount() }),
  query: (what) => (what === 'rooms' ? [...server.hocuspocus.documents.keys()] : null),
  stop: async () => {
    await server.destroy();
  },
});
