import { generateVapidKeys } from '@datekit/server';

/** `datekit push keys`: a new VAPID key pair for web push, as environment lines to paste. */
export function vapidKeysCommand(): void {
  const keys = generateVapidKeys();
  console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
  console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
  console.log('VAPID_SUBJECT=mailto:you@your-domain.example');
}
