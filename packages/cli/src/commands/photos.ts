import { approvePhotos, photosToCheck, rejectPhotos } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** `datekit photos list`: photos in inspection, oldest first, with the file to look at. */
export async function listPhotosCommand(options: { brand?: string }): Promise<void> {
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
}

const DECISIONS = {
  approve: [approvePhotos, 'Approved'],
  reject: [rejectPhotos, 'Rejected and deleted'],
} as const;

/** `datekit photos approve|reject <ids...>`: the operator's photo check. */
export async function decidePhotosCommand(decision: keyof typeof DECISIONS, values: string[]): Promise<void> {
  const [action, verb] = DECISIONS[decision];
  const services = await openServices();
  try {
    await migrate(services);
    const done = await action(services, ids(values));
    console.log(done.length ? `${verb}: ${done.join(', ')}` : 'No photo in inspection with those ids.');
    if (!done.length) process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}
