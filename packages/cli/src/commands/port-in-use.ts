import net from 'node:net';

/**
 * The server's port is taken (another datekit, the demo still running, another program): said in a
 * line that names the port and how to choose another, instead of Node's EADDRINUSE stack.
 */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';

  readonly host: string;
  readonly port: number;

  constructor(host: string, port: number) {
    super(
      `Port ${port} on ${host} is already in use: is datekit (or another server) already running there?\n` +
        `Stop it, or choose another port: PORT=${port + 1} npm start (or PORT=${port + 1} datekit serve).`,
    );
    this.host = host;
    this.port = port;
  }
}

export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

/**
 * Fails with PortInUseError when the port cannot be listened on now: what the demo checks before it
 * spends a build and a seeding on a server that could not start. (The port can still be taken in
 * between; the server's own listen reports that the same way.)
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(isAddressInUse(error) ? new PortInUseError(host, port) : error));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
