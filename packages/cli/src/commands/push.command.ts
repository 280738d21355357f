import type { Command } from 'commander';

export function declarePush(program: Command): void {
  const push = program.command('push').description('Web push notifications');
  push
    .command('keys')
    .description('Print a new VAPID key pair (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from it)')
    .action(async () => (await import('./push.ts')).vapidKeysCommand());
}
