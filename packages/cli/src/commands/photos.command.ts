import type { Command } from 'commander';

/** The operator's photo check: list photos in inspection, approve or reject them. */
export function declarePhotos(program: Command): void {
  const photos = program.command('photos').description('Check member photos before others see them');

  photos
    .command('list')
    .description('Photos waiting for a check, oldest first, with the file to look at')
    .option('--brand <domain>', 'only this brand')
    .action(async (options: { brand?: string }) => (await import('./photos.ts')).listPhotosCommand(options));

  for (const name of ['approve', 'reject'] as const) {
    photos
      .command(`${name} <ids...>`)
      .description(name === 'approve' ? 'Make photos visible to others' : 'Delete photos that break the rules')
      .action(async (values: string[]) => (await import('./photos.ts')).decidePhotosCommand(name, values));
  }
}
