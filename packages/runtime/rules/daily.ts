/**
 * When "today" began in a time zone, as unix milliseconds: daily limits (the swipe game's 4 likes a
 * day) turn at local midnight of the brand's main country, not at UTC midnight.
 */
export function startOfLocalDay(now: number, timeZone: string): number {
  const offsetAt = (instant: number) => {
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
    const localAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
    return {
      offset: localAsUtc - (instant - (instant % 1000)),
      midnight: Date.UTC(parts.year!, parts.month! - 1, parts.day!),
    };
  };
  const { offset, midnight } = offsetAt(now);
  // The offset at midnight can differ from the offset now on a daylight-saving day: use midnight's own.
  return midnight - offsetAt(midnight - offset).offset;
}
