import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, request, type Page } from '@playwright/test';
import sharp from 'sharp';
import { generateSync } from 'otplib';
import { E2E_BASE_URL, E2E_PORT, E2E_VAR_DIR, ROOT } from './e2e-env.ts';
import { CLIENT_HEADER, islandHydrated, signUpAndActivate } from './session.ts';

/** The console's own host (OPERATOR_HOST's default); Chromium resolves *.localhost to this machine. */
export const CONSOLE = `http://operator.localhost:${E2E_PORT}`;
export const OPERATOR_PASSWORD = 'operator password for e2e';

/** Runs the real `datekit` command on the e2e database, as an operator would. */
export function datekit(...args: string[]): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'packages/cli/bin/datekit.mjs'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATEKIT_VAR_DIR: E2E_VAR_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

/** `datekit operators add` with OPERATOR_PASSWORD; answers the TOTP secret and the enrolment code it prints. */
export function addOperatorLogin(email: string, role: string): { secret: string; enrolmentCode: string } {
  const out = datekit('operators', 'add', '--email', email, '--role', role, '--password', OPERATOR_PASSWORD);
  return { secret: /TOTP secret: (\S+)/.exec(out)![1]!, enrolmentCode: /enrolment code: (\S+)/.exec(out)![1]! };
}

/** `datekit operators add` with OPERATOR_PASSWORD; answers the TOTP secret it prints. */
export function addOperator(email: string, role: string): string {
  return addOperatorLogin(email, role).secret;
}

/** Fills the console's first step: e-mail and password (the page shows the login form). */
export async function enterPassword(page: Page, email: string): Promise<void> {
  await islandHydrated(page, 'OperatorLogin');
  const login = page.getByTestId('op-login-form');
  await login.locator('input[name="email"]').fill(email);
  await login.locator('input[name="password"]').fill(OPERATOR_PASSWORD);
  await login.locator('button[type="submit"]').click();
}

/** The second step: the code an authenticator app would show for `secret`; waits for the console's home. */
export async function enterCode(page: Page, secret: string): Promise<void> {
  const codeForm = page.getByTestId('op-code-form');
  // The code field mounts empty: neither the password nor the e-mail of the step before survives in it.
  await expect(codeForm.locator('input[name="code"]')).toHaveValue('');
  await codeForm.locator('input[name="code"]').fill(generateSync({ secret }));
  await Promise.all([page.waitForURL(`${CONSOLE}/`), codeForm.locator('button[type="submit"]').click()]);
}

/** Signs in at the console: password, then the TOTP code. */
export async function signInToConsole(page: Page, email: string, secret: string): Promise<void> {
  await page.goto(`${CONSOLE}/login`);
  await enterPassword(page, email);
  await enterCode(page, secret);
}

/** A new member of the demo brand with a photo waiting for a check; answers the photo's id. */
export async function memberWithPhoto(name: string, colour: { r: number; g: number; b: number }): Promise<number> {
  const member = await request.newContext({ baseURL: E2E_BASE_URL });
  await signUpAndActivate(member, name);
  const image = await sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await member.post('/api/photos.php', {
    headers: { ...CLIENT_HEADER, 'content-type': 'image/jpeg' },
    data: image,
  });
  expect(res.status(), await res.text()).toBe(201);
  const { photo } = (await res.json()) as { photo: { id: number } };
  await member.dispose();
  return photo.id;
}
