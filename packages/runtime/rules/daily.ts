import { DAY_MS } from './time.ts';

/**
 * The wall-clock time in a time zone at `instant`, as the UTC instant whose fields read the same
 * (whole seconds): `new Date(wallClockAt(now, 'Europe/Helsinki')).getUTCHours()` is the hour in Helsinki.
 */
export function wallClockAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * When "today" began in a time zone, as unix milliseconds: daily limits (the swipe game's 4 likes a
 * day) turn at local midnight of the brand's main country, not at UTC midnight.
 */
export function startOfLocalDay(now: number, timeZone: string): number {
  const offsetAt = (instant: number) => {
    const wall = wallClockAt(instant, timeZone);
    return { offset: wall - (instant - (instant % 1000)), midnight: wall - (wall % DAY_MS) };
  };
  const { offset, midnight } = offsetAt(now);
  // The offset at midnight can differ from the offset now on a daylight-saving day: use midnight's own.
  return midnight - offsetAt(midnight - offset).offset;
}
