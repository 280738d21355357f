import type { Locator } from '@playwright/test';

/** Chooses a date of birth (`1990-04-12`) in the signup form's day, month and year selects. */
export async function chooseBirthDate(form: Locator, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-') as [string, string, string];
  await form.locator('select[name="date_of_birth_day"]').selectOption(day);
  await form.locator('select[name="date_of_birth_month"]').selectOption(month);
  await form.locator('select[name="date_of_birth_year"]').selectOption(year);
}
