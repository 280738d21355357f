import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { datePartOrder, monthNames, type DatePart } from '@datekit/runtime/i18n/format';
import { MIN_AGE } from '@datekit/runtime/rules/constants';
import './birth-date.css';

/** The field's three selects are named `<name>_day`, `<name>_month` and `<name>_year`. */
const PARTS: readonly DatePart[] = ['day', 'month', 'year'];

/**
 * A date of birth as three selects in the order the page's language writes a date (`3 March 1990`,
 * `3. März 1990`), with the months named in that language: a native date input shows the browser's
 * order (mm/dd/yyyy in an en-US browser on a Dutch page) and cannot be told otherwise.
 */
export function BirthDateField({
  name,
  label,
  hint,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const lastYear = new Date().getUTCFullYear() - MIN_AGE;
  const options: Record<DatePart, { value: string; text: string }[]> = {
    day: Array.from({ length: 31 }, (_, i) => ({ value: pad(i + 1), text: String(i + 1) })),
    month: monthNames(i18n.language).map((text, i) => ({ value: pad(i + 1), text })),
    year: Array.from({ length: lastYear - 1900 + 1 }, (_, i) => String(lastYear - i)).map((y) => ({
      value: y,
      text: y,
    })),
  };
  const autoComplete: Record<DatePart, string> = { day: 'bday-day', month: 'bday-month', year: 'bday-year' };
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className={error ? 'field birth-date has-error' : 'field birth-date'} aria-describedby={describedBy}>
      <legend>{label}</legend>
      <div className="birth-date-parts">
        {datePartOrder(i18n.language).map((part) => (
          <select
            key={part}
            name={`${name}_${part}`}
            className={`select birth-date-${part}`}
            aria-label={t(`date_field.${part}`)}
            aria-invalid={error ? true : undefined}
            autoComplete={autoComplete[part]}
            required
            defaultValue=""
          >
            <option value="" disabled>
              {t(`date_field.${part}`)}
            </option>
            {options[part].map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </select>
        ))}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The field's value in a form as the API takes it (`1990-03-03`): empty when nothing is chosen, and a
 * value the rules reject when only some parts are.
 */
export function birthDateValue(data: FormData, name: string): string {
  const [day, month, year] = PARTS.map((part) => String(data.get(`${name}_${part}`) ?? ''));
  if (!day && !month && !year) return '';
  return `${year}-${month}-${day}`;
}

/** The form field a control belongs to: the date's selects answer for the date. */
export function fieldOfControl(name: string, dateField: string): string {
  return PARTS.some((part) => name === `${dateField}_${part}`) ? dateField : name;
}
