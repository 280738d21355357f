import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';
import { createMailer } from './mailer.ts';

/** What a person does with a text editor: find the link as it stands in the file, nothing undone. */
const ACTIVATION_LINK = /https?:\/\/[^\s"<>]+\/api\/activate\.php\?token=[\w-]+/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('the outbox (.eml files)', () => {
  it("keeps the text part's links whole: the link read from the raw file activates the account", async () => {
    const browser = server.client();
    expect((await browser.post('/api/signup.php', validSignup({ email: 'editor@example.com' }))).status).toBe(201);
    const eml = server.outbox().find((mail) => mail.includes('To: editor@example.com'))!;
    const link = ACTIVATION_LINK.exec(eml)?.[0];
    expect(link).toBeDefined();
    // Both parts as they are: no quoted-printable copy of the link to mistake for it further down
    // (`token=3D` and the token; the random token itself may begin with "3D").
    const token = new URL(link!, 'http://alpha.test').searchParams.get('token')!;
    expect(eml).not.toContain(`token=3D${token}`);
    expect(eml.match(/^Content-Transfer-Encoding: .*$/gm)).toEqual([
      'Content-Transfer-Encoding: 8bit',
      'Content-Transfer-Encoding: 8bit',
    ]);
    const opened = await server.client().get(pathOf(link!));
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/activate/done');
  });

  it('writes the text as UTF-8 (8bit) with long lines whole; a line too long for a mail falls back to an encoding', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, outboxDir: dir });
      const link = `https://alpha.test/api/activate.php?token=${'A1b2-C3d4_'.repeat(12)}`;
      const mail = {
        from: 'a@alpha.test',
        to: 'b@example.com',
        subject: 'Grüße',
        language: 'de',
        html: '<p>Grüße</p>',
      };
      await mailer.send({ ...mail, text: `Schöne Grüße! Öffne diesen Link:\n${link}\n` });
      await mailer.send({ ...mail, text: `${'x'.repeat(1200)}\n${link}\n` });
      const [readable, tooLong] = fs
        .readdirSync(dir)
        .sort()
        .map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
      expect(readable).toMatch(
        /^Content-Type: text\/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\nSchöne Grüße! Öffne diesen Link:\n/m,
      );
      expect(ACTIVATION_LINK.exec(readable!)?.[0]).toBe(link);
      expect(tooLong).toMatch(/^Content-Type: text\/plain; charset=utf-8\nContent-Transfer-Encoding: base64$/m);
      expect(tooLong!.split('\n').every((line) => line.length <= 998)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
