/**
 * A TCP relay in front of the test PostgreSQL, for tests of what the servers do while the database is out of reach:
 * `cut()` drops every open connection and stops listening (a connect is refused, as with PostgreSQL stopped),
 * `restore()` listens again on the same port. The database itself, shared by the run, is never touched.
 */
import net from 'node:net';

export interface DatabaseProxy {
  /** `databaseUrl`, through the relay. */
  url: string;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: net.Server | null = null;
  let port = 0;

  async function listen(): Promise<void> {
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      track(client);
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => relay.once('error', reject).listen(port, '127.0.0.1', resolve));
    port = (relay.address() as net.AddressInfo).port;
    server = relay;
  }

  async function cut(): Promise<void> {
    const relay = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (relay) await new Promise<void>((resolve) => relay.close(() => resolve()));
  }

  await listen();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), cut, restore: listen, close: cut };
}
