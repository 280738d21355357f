import { describe, expect, it } from 'vitest';
import { count, merge, quantile, record, type Histogram } from './histogram.ts';
import { cpuSeconds, cpuSince, worksFor } from './proc-cpu.ts';

describe('histogram', () => {
  const samples = Array.from({ length: 10_000 }, (_, i) => 0.05 + ((i * 7919) % 10_000) / 10);
  const exact = (q: number) => [...samples].sort((a, b) => a - b)[Math.ceil(q * samples.length) - 1]!;

  it('reads quantiles within its 2 % buckets, never below the true value', () => {
    const histogram: Histogram = {};
    for (const ms of samples) record(histogram, ms);
    for (const q of [0.5, 0.9, 0.99, 1]) {
      expect(quantile(histogram, q)).toBeGreaterThanOrEqual(exact(q));
      expect(quantile(histogram, q)).toBeLessThanOrEqual(exact(q) * 1.02);
    }
  });

  it('adds up the histograms of several generators as if one had recorded everything', () => {
    const whole: Histogram = {};
    const halves: Histogram[] = [{}, {}];
    samples.forEach((ms, i) => {
      record(whole, ms);
      record(halves[i % 2]!, ms);
    });
    const merged = merge(merge({}, halves[0]!), halves[1]!);
    expect(count(merged)).toBe(samples.length);
    expect(merged).toEqual(whole);
  });

  it('has no quantile without samples', () => {
    expect(quantile({}, 0.99)).toBeNaN();
  });
});

describe('proc-cpu', () => {
  it('counts the backends of the bench database and PostgreSQL’s background processes, not other databases’ backends', () => {
    expect(
      worksFor('postgres: 15/main: postgres bench_capacity_1a2b 127.0.0.1(50312) idle ', 'bench_capacity_1a2b'),
    ).toBe(true);
    expect(worksFor('postgres: 15/main: postgres bench_capacity_1a2b [local] SELECT ', 'bench_capacity_1a2b')).toBe(
      true,
    );
    expect(worksFor('postgres: 15/main: walwriter ', 'bench_capacity_1a2b')).toBe(true);
    expect(worksFor('/usr/lib/postgresql/15/bin/postgres -D /var/lib/postgresql/15/main', 'bench_capacity_1a2b')).toBe(
      true,
    );
    expect(worksFor('postgres: 15/main: postgres test 127.0.0.1(50400) idle ', 'bench_capacity_1a2b')).toBe(false);
    expect(worksFor('postgres: 15/main: postgres test [local] idle ', 'bench_capacity_1a2b')).toBe(false);
  });

  it('reads from /proc the CPU time the process itself counts', () => {
    const before = new Map([[process.pid, cpuSeconds(process.pid)]]);
    const start = process.cpuUsage();
    const spent = () => {
      const { user, system } = process.cpuUsage(start);
      return (user + system) / 1e6;
    };
    while (spent() < 0.3); // busy until 0.3 s of CPU are used, however loaded the machine
    const used = cpuSince(before, new Map([[process.pid, cpuSeconds(process.pid)]]));
    // /proc counts in ticks of 10 ms, a few of which may fall on either side of the reading.
    expect(used).toBeGreaterThanOrEqual(spent() - 0.05);
    expect(used).toBeLessThanOrEqual(spent() + 0.05);
  });
});
