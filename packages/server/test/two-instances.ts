import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp } from '../app.ts';
import { createPostgresBus } from '../realtime/event-bus.ts';
import type { Services } from '../services.ts';

/** Two server instances on the test's PostgreSQL database, as two processes behind a balancer would be. */
export interface TwoInstances {
  portA: number;
  portB: number;
  close(): Promise<void>;
}

/**
 * Starts instances A and B on `services` (its database), each with an event bus of its own on a
 * channel of this call's own, so parallel test files never hear each other's members.
 */
export async function startTwoInstances(services: Services): Promise<TwoInstances> {
  const url = process.env.TEST_DATABASE_URL!;
  const channel = `datekit_test_${randomBytes(4).toString('hex')}`;
  const [busA, busB] = [await createPostgresBus(url, channel), await createPostgresBus(url, channel)];
  const instanceA = createApp({ ...services, events: busA });
  const instanceB = createApp({ ...services, events: busB });
  await instanceA.listen({ port: 0, host: '127.0.0.1' });
  await instanceB.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (app: typeof instanceA) => (app.server.address() as AddressInfo).port;
  return {
    portA: portOf(instanceA),
    portB: portOf(instanceB),
    close: async () => {
      await instanceA.close();
      await instanceB.close();
      await busA.close();
      await busB.close();
    },
  };
}
