import { expect, test } from '@playwright/test';
import { skipEntryWarning } from './entry-warning.ts';
import { addOperator, CONSOLE, datekit, signInToConsole } from './operator-console.ts';
import { waitForMail } from './outbox.ts';
import { islandHydrated, liveStreamOpen, logIn, PASSWORD, signUpAndActivate } from './session.ts';

test.beforeEach(({ context }) => skipEntryWarning(context));

test('a member reports a profile; the moderator bans it in the console; the banned member sees the ban page', async ({
  page,
  browser,
}) => {
  // Two members, a report, a console sign-in and a ban: more steps than the default minute allows on a busy machine.
  test.setTimeout(180_000);
  // The member to be reported is logged in on a device of their own.
  const offenderContext = await browser.newContext();
  await skipEntryWarning(offenderContext);
  const offenderPage = await offenderContext.newPage();
  const offender = await signUpAndActivate(offenderPage.request, 'Spammy');
  const reporter = await signUpAndActivate(page.request, 'Rita');

  await page.goto(`/members/${offender.id}`);
  await islandHydrated(page, 'MemberProfile');
  const profile = page.getByTestId('member-profile');
  await profile.getByTestId('report-open').click();
  const dialog = page.getByTestId('report-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Spam or scam').check();
  await dialog.getByLabel('What happened? (optional)').fill('Sends everyone a link to a paid site.');
  await dialog.getByTestId('report-submit').click();
  const sent = dialog.getByTestId('report-sent');
  await expect(sent).toContainText('Thank you, your report has arrived');
  const reference = /Reference number (\d+)/.exec((await sent.textContent()) ?? '')![1]!;
  expect(await waitForMail(reporter.email, 10_000, /We received your report/)).toContain(reference);

  // The offender has a page open, with its live stream.
  await offenderPage.goto('/chats');
  await liveStreamOpen(offenderPage);

  // A moderator signs in to the console (password, then TOTP) and bans the member from the queue.
  expect(datekit('reports', 'list', '--brand', 'localhost')).toContain(`member ${offender.id} (Spammy)`);
  const moderatorEmail = `moderator-${Date.now()}@example.com`;
  const secret = addOperator(moderatorEmail, 'moderator');
  const consoleContext = await browser.newContext({ baseURL: CONSOLE });
  const consolePage = await consoleContext.newPage();
  await signInToConsole(consolePage, moderatorEmail, secret);
  await consolePage.goto('/reports');
  const card = consolePage.locator(`[data-testid="op-report"][data-report-id="${reference}"]`);
  await expect(card).toContainText('Spammy');
  await card.getByLabel('Decision').selectOption('ban');
  await card
    .getByLabel('Facts and circumstances (the member reads this)')
    .fill('Advertising links sent to many members.');
  await card.getByTestId('op-report-decide').click();
  await expect(consolePage.getByTestId('op-report-status')).toHaveText(`Report ${reference} decided.`);
  await expect(card).toHaveCount(0);

  // The ban ends the offender's live stream at once: the open page goes to the ban page by itself.
  await offenderPage.waitForURL('**/pages/ban');
  await expect(offenderPage.getByRole('heading', { level: 1 })).toContainText('Access ban');

  // The member page shows the ban (who, on what ground) and the sign-ins so far.
  await consolePage.goto(`/member?id=${offender.id}`);
  const sanction = consolePage.getByTestId('op-member-sanction-current');
  await expect(sanction).toContainText('Banned');
  await expect(sanction).toContainText(moderatorEmail);
  await expect(sanction).toContainText(`report #${reference}`);
  const signIns = consolePage.getByTestId('op-member-sign-ins');
  await expect(signIns.getByRole('row', { name: /Activation link.*Signed in/ })).toHaveCount(1);
  await expect(signIns.getByRole('row', { name: /Signup.*Signed in/ })).toHaveCount(1);
  await consoleContext.close();
  const statement = await waitForMail(offender.email, 10_000, /A decision about your account/);
  expect(statement.replace(/=\r?\n/g, '')).toContain('Advertising links sent to many members.');

  // Logging in again leads to the ban page too.
  await logIn(offenderPage, { email: offender.email, password: PASSWORD, expectSuccess: false });
  await offenderPage.waitForURL('**/pages/ban');

  // The profile is gone for the reporter.
  await page.goto(`/members/${offender.id}`);
  await expect(page.getByTestId('member-profile')).toHaveCount(0);
  await offenderContext.close();
});

test('a visitor sends the complaints form and sees its reference', async ({ page }) => {
  await page.goto('/complaints');
  await islandHydrated(page, 'ComplaintForm');
  const form = page.getByTestId('complaint-form');
  await form.getByLabel('Your name').fill('Kim');
  await form.getByLabel('Your e-mail address').fill('kim-complaint@example.com');
  await form.getByLabel('Subject, or the address (URL) of the page or profile').fill('A profile uses my photos');
  await form.getByLabel('Your complaint').fill('short');
  await form.getByRole('button', { name: 'Send complaint' }).click();
  await expect(form).toContainText('Please describe your complaint in at least 10 characters.');
  await form.getByLabel('Your complaint').fill('The profile Spammy uses photos of me without my consent.');
  await form.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByTestId('complaint-sent')).toContainText('Your complaint has arrived under reference number');
  await waitForMail('kim-complaint@example.com', 10_000, /We received your report/);
});
