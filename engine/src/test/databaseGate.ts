/**
 * A door in front of PostgreSQL that a test can shut: every connection through it is forwarded to the database
 * server while it is open; shut, it listens no more (a connection is refused, ECONNREFUSED, as when PostgreSQL is
 * down) and the connections it carried are cut. A process pointed at `url` sees PostgreSQL go away and come back;
 * the test's own connections, straight to the server, do not.
 */
import net from 'node:net';

export interface DatabaseGate {
  /** `databaseUrl`, through the gate. */
  url: string;
  /** Refuses new connections and cuts the open ones. */
  shut: () => Promise<void>;
  /** Lets connections through again, on the same port. */
  open: () => Promise<void>;
  /** Shuts it for good. */
  close: () => Promise<void>;
}

export async function startDatabaseGate(databaseUrl: string): Promise<DatabaseGate> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const targetHost = target.hostname || '127.0.0.1';
  const carried = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = async () => {
    const listening = net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost);
      carried.add(client).add(upstream);
      const cut = () => {
        client.destroy();
        upstream.destroy();
        carried.delete(client);
        carried.delete(upstream);
      };
      client.on('error', cut).on('close', cut);
      upstream.on('error', cut).on('close', cut);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => listening.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
    port = (listening.address() as net.AddressInfo).port;
    server = listening;
  };

  const shut = async () => {
    const closing = server;
    server = null;
    for (const socket of carried) socket.destroy();
    carried.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    shut,
    open: async () => {
      if (!server) await listen();
    },
    close: shut,
  };
}
