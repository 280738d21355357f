import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface OutgoingSms {
  /** The recipient's number as the member entered it. */
  to: string;
  /** The sender name shown on the phone (the brand's name). */
  from: string;
  text: string;
}

/** Where text messages go. A gateway plugs in here; the default writes them to a folder. */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
  /** The folder messages are written to; null for a sender that really sends them. */
  readonly outboxDir: string | null;
}

/**
 * Writes each message as a small text file (`To:`, `From:`, a blank line, the text) in the outbox
 * folder, named so that files sort in the order they were sent.
 */
export function createOutboxSmsSender(outboxDir: string): SmsSender {
  let sequence = 0;
  return {
    outboxDir,
    async send(sms) {
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const order = String(++sequence).padStart(6, '0');
      const file = path.join(outboxDir, `${stamp}-${order}-${randomBytes(3).toString('hex')}.txt`);
      await fs.writeFile(file, `To: ${sms.to}\nFrom: ${sms.from}\n\n${sms.text}\n`);
    },
  };
}
