import sharp from 'sharp';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, validSignup, type TestServer } from '../../test/test-server.ts';

let counter = 0;

/** An activated member of alpha.test (or `host`), with their browser. */
export async function activeMember(
  server: TestServer,
  overrides: Record<string, unknown> = {},
  host = 'alpha.test',
): Promise<{ id: number; email: string; browser: TestClient }> {
  const browser = server.client(host);
  const email = `member-${++counter}-${Date.now()}@example.com`;
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email, ...overrides }),
  );
  if (res.status !== 201) throw new Error(`signup failed: ${res.text}`);
  await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, email: (overrides.email as string | undefined) ?? email, browser };
}

/** Uploads a photo as the member; it waits in inspection. Answers its id. */
export async function uploadPhoto(browser: TestClient, colour = '#a33'): Promise<number> {
  const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await browser.request<{ photo: { id: number } }>('POST', '/api/photos.php', {
    raw: image,
    headers: { 'content-type': 'image/jpeg' },
  });
  return res.body.photo.id;
}
