import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_METRICS_TOKEN } from './e2e-env.ts';
import { skipEntryWarning } from './entry-warning.ts';
import { CLIENT_HEADER, liveStreamOpen, signUpAndActivate } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

/** A figure of the server's metrics. */
async function metric(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(response.status()).toBe(200);
  const line = (await response.text()).split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

async function view(page: Page, path: string) {
  await page.goto(path);
  await liveStreamOpen(page);
}

test('a member going from page to page, and into a second tab, keeps one event stream, which brings a message live', async ({
  page,
  context,
  browser,
}) => {
  const anna = await signUpAndActivate(page.request, 'Anna');
  const benContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const ben = await signUpAndActivate(benContext.request, 'Ben');

  await view(page, '/members');
  const opened = await metric(page.request, 'datekit_event_streams_opened_total');
  // Each a new page (the last one unloaded), as the multi-page site goes.
  await view(page, `/members/${ben.id}`);
  await view(page, '/chats');
  await view(page, '/likes');
  const second = await context.newPage();
  await view(second, '/members');
  expect(await metric(page.request, 'datekit_event_streams_opened_total')).toBe(opened);

  // The stream is alive: Ben's message reaches both of Anna's tabs at once (the title's unread count).
  const sent = await benContext.request.post('/api/message.php', {
    headers: CLIENT_HEADER,
    data: { profile_id: anna.id, text: 'Hello from one stream' },
  });
  expect(sent.status()).toBe(201);
  await expect(page).toHaveTitle(/^\(1\) /);
  await expect(second).toHaveTitle(/^\(1\) /);

  // Once Anna closes her tabs, her stream closes too (after the moment it waits for a next page).
  const open = await metric(page.request, 'datekit_open_event_streams');
  await second.close();
  await page.close();
  await expect.poll(() => metric(benContext.request, 'datekit_open_event_streams')).toBe(open - 1);
  expect(await metric(benContext.request, 'datekit_event_streams_opened_total')).toBe(opened);
  await benContext.close();
});
