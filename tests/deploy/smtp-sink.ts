import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server that accepts every message and writes it, as received over the protocol, to
 * `<dir>/<n>.eml` (the tests read them: they run in other processes than this sink). STARTTLS with the
 * run's test CA: the servers' mailer upgrades and verifies the certificate against NODE_EXTRA_CA_CERTS.
 */
export async function startSmtpSink(
  dir: string,
  tls: { key: Buffer; cert: Buffer },
): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let serial = 0;
  const server = new SMTPServer({
    ...tls,
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        serial += 1;
        const name = `${String(serial).padStart(5, '0')}.eml`;
        const envelope = `X-Envelope-To: ${session.envelope.rcptTo.map((r) => r.address).join(', ')}\r\nX-Secure: ${session.secure}\r\n`;
        // Written whole under a temporary name, then renamed: a reader never sees half a message.
        fs.writeFileSync(path.join(dir, `${name}.part`), envelope + Buffer.concat(chunks).toString('utf8'));
        fs.renameSync(path.join(dir, `${name}.part`), path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
