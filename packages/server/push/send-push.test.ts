import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPushKeys, decryptPush, startFakePushService, type FakePushService } from '../test/fake-push-service.ts';
import { generateVapidKeys } from './vapid.ts';
import { sendPush } from './send-push.ts';

let pushService: FakePushService;
beforeAll(async () => {
  pushService = await startFakePushService();
});
afterAll(() => pushService.close());

const vapid = { subject: 'mailto:ops@example.com', ...generateVapidKeys() };

describe('sendPush', () => {
  it('delivers an encrypted push to an allow-listed push service', async () => {
    const keys = browserPushKeys();
    const outcome = await sendPush(
      { endpoint: `${pushService.origin}/send/ok`, ...keys.json },
      { hello: 'there' },
      vapid,
      { endpoints: { allowlist: [pushService.origin] } },
    );
    expect(outcome).toEqual({ result: 'sent' });
    const received = pushService.received.find((push) => push.path === '/send/ok')!;
    expect(JSON.parse(decryptPush(received.body, keys))).toEqual({ hello: 'there' });
  });

  it('connects only to the addresses it checked: a name that turns to loopback after the check is not contacted', async () => {
    // The first answer (the check) is a public address, the next one (the connect) the loopback.
    const answers = [['142.250.74.170'], ['127.0.0.1']];
    const resolve = async () => answers.shift() ?? ['127.0.0.1'];
    const outcome = await sendPush(
      { endpoint: 'https://rebind.example.com/send/1', ...browserPushKeys().json },
      { hello: 'there' },
      vapid,
      { endpoints: { allowlist: [], resolve } },
    );
    expect(outcome).toEqual({ result: 'refused', reason: 'rebind.example.com resolves to 127.0.0.1 (loopback)' });
    expect(answers).toEqual([]);
  });
});
