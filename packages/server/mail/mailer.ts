import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Marks the message's language for mail clients and screen readers. */
  language: string;
  /** Further headers, e.g. List-Unsubscribe (RFC 8058) on notification mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Where messages land when no SMTP server is configured; null when sending over SMTP. */
  readonly outboxDir: string | null;
}

/** The longest line a message may have, in octets without its line break (RFC 5322 §2.1.1). */
const MAX_LINE_OCTETS = 998;

/**
 * A part of an outbox `.eml`, written for a person who opens the file in a text editor: the UTF-8
 * text as it is (8bit), so that a link reads and copies whole. nodemailer would encode it
 * quoted-printable, whose soft line breaks and `=3D` break a link copied by hand. A file can hold
 * 8bit as it is; SMTP keeps nodemailer's 7-bit-safe encodings, which every relay accepts. A part with
 * a line longer than a message may carry is base64 instead: unreadable, rather than half readable.
 */
function readablePart(
  content: string,
  type: 'text/plain' | 'text/html',
): { raw: string } | { content: string; contentTransferEncoding: 'base64' } {
  if (content.split('\n').some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS))
    return { content, contentTransferEncoding: 'base64' };
  return { raw: `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${content}` };
}

/**
 * Real mail either way: with SMTP_URL over SMTP, otherwise each message is rendered as a complete
 * RFC 822 `.eml` file in the outbox folder, which any mail client opens and a text editor shows as
 * it is (links whole).
 */
export function createMailer(options: { smtpUrl: string | undefined; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: null,
      async send(mail) {
        await transport.sendMail({ ...mail, headers: { ...mail.headers, 'Content-Language': mail.language } });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Time plus a sequence number: files sort in the order they were sent, even within one millisecond.
  let sequence = 0;
  return {
    outboxDir: options.outboxDir,
    async send(mail) {
      const info = await transport.sendMail({
        ...mail,
        text: readablePart(mail.text, 'text/plain'),
        html: readablePart(mail.html, 'text/html'),
        headers: { ...mail.headers, 'Content-Language': mail.language },
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const order = String(++sequence).padStart(6, '0');
      const file = path.join(options.outboxDir, `${stamp}-${order}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}
