import type { Command } from 'commander';
import { generateVapidKeys } from '@datekit/server';

/** `datekit push keys`: a new VAPID key pair for web push, as environment lines to paste. */
export function registerPush(program: Command): void {
  const push = program.command('push').description('Web push notifications');
  push
    .command('keys')
    .description('Print a new VAPID key pair (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from it)')
    .action(() => {
      const keys = generateVapidKeys();
      console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
      console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
      console.log('VAPID_SUBJECT=mailto:you@your-domain.example');
    });
}
