import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './nginx.ts';

/**
 * The newest message the SMTP sink received for `to` (and matching `pattern`, if given), as received:
 * the envelope lines the sink adds (X-Envelope-To, X-Secure: whether STARTTLS was used), then the mail.
 */
export async function waitForSmtpMail(mailDir: string, to: string, pattern?: RegExp): Promise<string> {
  const escaped = to.replace(/[.+]/g, '\\$&');
  let found: string | undefined;
  await waitFor(
    () => {
      const mails = fs.existsSync(mailDir)
        ? fs
            .readdirSync(mailDir)
            .filter((file) => file.endsWith('.eml'))
            .sort()
            .reverse()
            .map((file) => fs.readFileSync(path.join(mailDir, file), 'utf8'))
        : [];
      found = mails.find(
        (text) => new RegExp(`^X-Envelope-To: ${escaped}\\r?$`, 'mi').test(text) && (!pattern || pattern.test(text)),
      );
      return found !== undefined;
    },
    20_000,
    `a mail to ${to} over SMTP`,
  );
  return found!;
}

/**
 * The activation link of a mail as sent over SMTP, where nodemailer encodes the parts quoted-printable
 * (soft line breaks `=\r\n`, `=` as `=3D`): decoded as a mail client would, then found.
 */
export function activationLinkInMail(mail: string): string {
  const decoded = mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /https?:\/\/[^\s"<]+\/api\/activate\.php\?token=[\w-]+/.exec(decoded);
  if (!match) throw new Error('no activation link in the mail');
  return match[0];
}
