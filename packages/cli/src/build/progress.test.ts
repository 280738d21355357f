import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { languageDir } from './finish-language.ts';
import { htmlFiles } from './output.ts';
import { nextCountDelay, watchPages } from './progress.ts';

let dir: string;
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

function page(file: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), '<!doctype html>');
}

describe('build progress', () => {
  it('counts the pages of the language versions being rendered, as the total does, not the console beside them', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'datekit-progress-'));
    // One Astro run's output: two language versions and the operator console it renders alongside.
    for (const file of ['index.html', 'login/index.html', '404/index.html']) page(`localhost/en/${file}`);
    page('localhost/nl/index.html');
    for (const file of ['index.html', 'audit/index.html', 'members/index.html']) page(`operator/en/${file}`);
    const scope = ['localhost/en', 'localhost/nl'];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reported = new Promise<number>((resolve) => {
      const stop = watchPages([{ outDir: dir, scope }], (pages) => {
        stop();
        resolve(pages);
      });
    });
    vi.advanceTimersByTime(3000);
    const languages = scope.map((key) => languageDir(dir, key));
    const total = (await Promise.all(languages.map(htmlFiles))).reduce((sum, pages) => sum + pages.length, 0);
    expect(await reported).toBe(total);
    expect(total).toBe(4);
  });

  it('counts a large build less often, so that counting stays a small part of its CPU time', () => {
    expect(nextCountDelay(5)).toBe(3000);
    // A count of 20,000 pages took about a second: the next one waits 20 s, not 3.
    expect(nextCountDelay(1000)).toBe(20_000);
  });
});
