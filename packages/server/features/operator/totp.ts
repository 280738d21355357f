import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 defaults that every authenticator app understands: SHA-1, 6 digits, 30 s steps. */
const PERIOD_S = 30;
/** One step either side: a phone clock a little off still works. */
const TOLERANCE_S = PERIOD_S;
const ISSUER = 'datekit operator console';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://` URL an authenticator app scans. */
export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The QR code of that URL as an SVG data URL (shown at the first login; CSP allows `data:` images). */
export async function otpauthQrCode(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * Checks a code at `nowMs`; answers its time step when valid and later than `afterStep` (a code is
 * accepted once only), else null.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: TOLERANCE_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return null;
  return 'timeStep' in result ? result.timeStep : Math.floor(epoch / PERIOD_S) + result.delta;
}
