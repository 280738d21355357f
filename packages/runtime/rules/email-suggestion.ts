/**
 * Did-you-mean hints for e-mail addresses with a mistyped common domain (`jan@gmial.com` -> `jan@gmail.com`).
 * A domain that is itself common never gets a hint; one within two edits of a common one does.
 */
const COMMON_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'mail.com',
  'hotmail.nl',
  'live.nl',
  'outlook.nl',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'home.nl',
  'xs4all.nl',
  'telenet.be',
  'skynet.be',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'web.de',
  't-online.de',
  'freenet.de',
  'hotmail.de',
  'yahoo.de',
  'bluewin.ch',
  'hotmail.fr',
  'orange.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'wanadoo.fr',
  'yahoo.fr',
  'libero.it',
  'virgilio.it',
  'hotmail.it',
  'alice.it',
  'tiscali.it',
  'yahoo.it',
  'hotmail.es',
  'yahoo.es',
  'telefonica.net',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'interia.pl',
  'op.pl',
  'hotmail.dk',
  'live.dk',
  'jubii.dk',
  'mail.dk',
  'hotmail.se',
  'live.se',
  'telia.com',
  'hotmail.no',
  'online.no',
  'hotmail.fi',
  'luukku.com',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'btinternet.com',
  'sky.com',
  'eircom.net',
];
const COMMON = new Set(COMMON_DOMAINS);

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export function isValidEmailSyntax(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** The corrected address when the domain looks like a typo of a common one, else null. */
export function suggestEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at);
  const domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.+$/, '');
  if (!domain || COMMON.has(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of COMMON_DOMAINS) {
    const distance = editDistance(domain, candidate, 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  // Two edits on a short domain change too much of it to be a typo (`mail.dk` vs `gmail.de`).
  if (!best || (best.distance === 2 && domain.length < 8)) return null;
  return `${local}@${best.domain}`;
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), giving up above `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]!.push(value);
    }
  }
  return rows[a.length]![b.length]!;
}
