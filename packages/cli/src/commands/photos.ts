import type { Command } from 'commander';
import { approvePhotos, photosToCheck, rejectPhotos } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** The operator's photo check: list photos in inspection, approve or reject them. */
export function registerPhotos(program: Command): void {
  const photos = program.command('photos').description('Check member photos before others see them');

  photos
    .command('list')
    .description('Photos waiting for a check, oldest first, with the file to look at')
    .option('--brand <domain>', 'only this brand')
    .action(async (options: { brand?: string }) => {
      const services = await openServices();
      try {
        await migrate(services);
        const waiting = await photosToCheck(services, options.brand);
        if (!waiting.length) console.log('No photos to check.');
        for (const p of waiting) {
          console.log(
            `${p.id}\t${p.brand}\tmember ${p.profileId} (${p.name})\t${new Date(p.uploadedAt).toISOString()}\t${p.file}`,
          );
        }
      } finally {
        await services.db.destroy();
      }
    });

  for (const [name, action, verb] of [
    ['approve', approvePhotos, 'Approved'],
    ['reject', rejectPhotos, 'Rejected and deleted'],
  ] as const) {
    photos
      .command(`${name} <ids...>`)
      .description(name === 'approve' ? 'Make photos visible to others' : 'Delete photos that break the rules')
      .action(async (values: string[]) => {
        const services = await openServices();
        try {
          await migrate(services);
          const done = await action(services, ids(values));
          console.log(done.length ? `${verb}: ${done.join(', ')}` : 'No photo in inspection with those ids.');
          if (!done.length) process.exitCode = 1;
        } finally {
          await services.db.destroy();
        }
      });
  }
}
