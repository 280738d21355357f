import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modulePreloader } from './module-preloads.ts';

let assets: string;
beforeEach(() => {
  assets = mkdtempSync(path.join(os.tmpdir(), 'datekit-preloads-'));
  const chunks: Record<string, string> = {
    // Minified as Rollup writes them.
    'page.A1.js': 'import{s as o}from"./store.B2.js";import"./session.C3.js";o.listen(()=>{});',
    'store.B2.js': 'import{a as t}from"./client.D4.js";const s=t();export{s};',
    'session.C3.js': 'import"./client.D4.js";const e=()=>import("./later.E5.js");export{e};',
    'client.D4.js': 'export const a=()=>({});',
    'later.E5.js': 'export const l=1;',
    'layout.F6.js': 'import{a}from"./client.D4.js";a();',
  };
  for (const [file, code] of Object.entries(chunks)) writeFileSync(path.join(assets, file), code);
});
afterEach(() => rmSync(assets, { recursive: true, force: true }));

const page = (body: string) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title></head><body>${body}</body></html>`;
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);

describe('modulePreloader', () => {
  it('announces every static import of the page scripts, however deep, once, right after the charset', async () => {
    const html = await modulePreloader(assets)(
      page(
        '<script type="module" src="/_astro/layout.F6.js"></script><script type="module" src="/_astro/page.A1.js"></script>',
      ),
    );
    expect(preloads(html).sort()).toEqual(['/_astro/client.D4.js', '/_astro/session.C3.js', '/_astro/store.B2.js']);
    expect(html).toMatch(/^<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="modulepreload"/);
  });

  it('leaves out what is imported only when needed, and the page scripts themselves', async () => {
    const html = await modulePreloader(assets)(page('<script type="module" src="/_astro/session.C3.js"></script>'));
    expect(preloads(html)).toEqual(['/_astro/client.D4.js']);
  });

  it('changes nothing on a page without module scripts or whose scripts import nothing', async () => {
    const add = modulePreloader(assets);
    const plain = page('<p>static</p><script>inline()</script>');
    expect(await add(plain)).toBe(plain);
    const leaf = page('<script type="module" src="/_astro/later.E5.js"></script>');
    expect(await add(leaf)).toBe(leaf);
  });
});
