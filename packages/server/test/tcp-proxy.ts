import net from 'node:net';

/**
 * A TCP forwarder standing in for the database's address, to take "the database" away without
 * touching the PostgreSQL server that everyone else's tests share: `cut()` stops listening and
 * destroys every connection through it (what clients see of a restart or failover: their connections
 * die, new ones are refused), `open()` listens on the same port again.
 */
export interface TcpProxy {
  port: number;
  /** Listens (again) on `port`. */
  open(): Promise<void>;
  /** Stops listening and destroys every open connection. */
  cut(): Promise<void>;
  /** Connections opened through the proxy so far. */
  readonly accepted: number;
}

/** A proxy to `target` on `port` (0: a free one); listening unless `listening: false`. */
export async function startTcpProxy(
  target: { host: string; port: number },
  options: { port?: number; listening?: boolean } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // its pair is destroyed by the 'close' below
  };
  const server = net.createServer((client) => {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  let port = options.port ?? 0;
  const open = async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    port = (server.address() as net.AddressInfo).port;
  };
  if (options.listening !== false) await open();
  return {
    get port() {
      return port;
    },
    get accepted() {
      return accepted;
    },
    open,
    async cut() {
      const closed = server.listening ? new Promise((resolve) => server.close(resolve)) : Promise.resolve();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** `url` with its host and port replaced (the database's URL through a proxy) and an optional search path. */
export function databaseUrlVia(url: string, port: number, searchPath?: string): string {
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  if (searchPath) via.searchParams.set('options', `-c search_path=${searchPath}`);
  return via.toString();
}
