import fs from 'node:fs';
import path from 'node:path';
import { E2E_OUTBOX } from './e2e-env.ts';

/** Waits for the newest .eml addressed to `to` (and matching `pattern`, if given) in the outbox. */
export async function waitForMail(to: string, timeoutMs = 10_000, pattern?: RegExp): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(E2E_OUTBOX)) {
      const mails = fs
        .readdirSync(E2E_OUTBOX)
        .sort()
        .reverse()
        .map((file) => fs.readFileSync(path.join(E2E_OUTBOX, file), 'utf8'));
      const mail = mails.find(
        (text) =>
          new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text) && (!pattern || pattern.test(text)),
      );
      if (mail) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${E2E_OUTBOX}`);
}

/** The activation link in a mail, as it stands in the file (the outbox writes text as is). */
export function activationLinkIn(eml: string): string {
  const match = /https?:\/\/[^\s"<]+\/api\/activate\.php\?token=[\w-]+/.exec(eml);
  if (!match) throw new Error('no activation link in the mail');
  return match[0];
}
