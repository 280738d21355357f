import { describe, expect, it } from 'vitest';
import { startOfLocalDay, wallClockAt } from './daily.ts';

describe('startOfLocalDay', () => {
  it.each([
    ['winter in Amsterdam', '2026-01-15T10:00:00Z', 'Europe/Amsterdam', '2026-01-14T23:00:00.000Z'],
    ['summer in Amsterdam', '2026-07-15T10:00:00Z', 'Europe/Amsterdam', '2026-07-14T22:00:00.000Z'],
    ['just after local midnight', '2026-07-14T22:30:00Z', 'Europe/Amsterdam', '2026-07-14T22:00:00.000Z'],
    ['just before local midnight', '2026-07-14T21:59:59Z', 'Europe/Amsterdam', '2026-07-13T22:00:00.000Z'],
    ['the day clocks go forward', '2026-03-29T12:00:00Z', 'Europe/Amsterdam', '2026-03-28T23:00:00.000Z'],
    ['the day clocks go back', '2026-10-25T12:00:00Z', 'Europe/Amsterdam', '2026-10-24T22:00:00.000Z'],
    ['Helsinki', '2026-11-20T23:30:00Z', 'Europe/Helsinki', '2026-11-20T22:00:00.000Z'],
    ['New York', '2026-11-20T03:00:00Z', 'America/New_York', '2026-11-19T05:00:00.000Z'],
  ])('%s', (_case, now, zone, expected) => {
    expect(new Date(startOfLocalDay(Date.parse(now), zone)).toISOString()).toBe(expected);
  });
});

describe('wallClockAt', () => {
  it.each([
    ['Amsterdam in winter', '2026-11-30T07:00:00Z', 'Europe/Amsterdam', '2026-11-30T08:00:00.000Z'],
    ['Amsterdam in summer', '2026-06-01T06:00:00Z', 'Europe/Amsterdam', '2026-06-01T08:00:00.000Z'],
    ['New York, the evening before', '2026-11-30T01:30:00Z', 'America/New_York', '2026-11-29T20:30:00.000Z'],
    ['Helsinki, the day after', '2026-11-30T23:15:42Z', 'Europe/Helsinki', '2026-12-01T01:15:42.000Z'],
  ])('%s', (_case, now, zone, expected) => {
    expect(new Date(wallClockAt(Date.parse(now), zone)).toISOString()).toBe(expected);
  });
});
