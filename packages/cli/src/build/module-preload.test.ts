import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eagerEntries, ModuleGraph, staticImports, withModulePreloads } from './module-preload.ts';

const island = (client: string, component: string) =>
  `<astro-island uid="a" component-url="/_astro/${component}" component-export="default" ` +
  `renderer-url="/_astro/client.js" props="{}" ssr="" client="${client}" opts="{}"></astro-island>`;

describe('eagerEntries', () => {
  it('names module scripts and the islands that hydrate on load or when idle, not those that wait', () => {
    const html =
      '<html><head></head><body><script type="module" src="/_astro/page.js"></script>' +
      island('idle', 'Search.js') +
      island('load', 'Chat.js') +
      island('member', 'Banner.js') +
      island('interaction', 'Signup.js') +
      island('visible', 'Gallery.js') +
      island('early', 'Language.js') +
      '</body></html>';
    expect(eagerEntries(html)).toEqual([
      '/_astro/page.js',
      '/_astro/client.js',
      '/_astro/Search.js',
      '/_astro/Chat.js',
    ]);
  });
});

describe('eagerEntries on pages only members are served', () => {
  it('adds the islands for members there, and only there', () => {
    const page = (route: string) =>
      `<html><head></head><body class="layout-default" data-route="${route}">` +
      island('member', 'Banner.js') +
      island('interaction', 'Signup.js') +
      '</body></html>';
    const membersOnly = (route: string) => route === 'likes';
    expect(eagerEntries(page('likes'), membersOnly)).toEqual(['/_astro/client.js', '/_astro/Banner.js']);
    expect(eagerEntries(page('index'), membersOnly)).toEqual([]);
  });
});

describe('staticImports', () => {
  it('follows static imports and re-exports of minified chunks, never dynamic ones', () => {
    const code =
      'import{a as b,c}from"./ui.js";import"./side.js";import*as n from"./ns.js";export{d}from"./re.js";' +
      'const l=()=>import("./lazy.js");const s="import(\\"./string.js\\")";';
    expect(staticImports(code)).toEqual(['./ui.js', './side.js', './ns.js', './re.js']);
  });
});

describe('withModulePreloads', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('links every module the page runs on load, transitively, once, and none it loads later', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'module-preload-'));
    const chunks: Record<string, string> = {
      'page.js': 'import{a}from"./api.js";a();',
      'api.js': 'import"./shared.js";export const a=()=>import("./lazy.js");',
      'shared.js': 'import{x}from"./api.js";export const y=x;',
      'client.js': 'export const r=1;',
      'Search.js': 'import{y}from"./shared.js";import{r}from"./client.js";',
      'Banner.js': 'import"./banner-only.js";',
      'lazy.js': '',
      'banner-only.js': '',
    };
    for (const [name, code] of Object.entries(chunks)) writeFileSync(path.join(dir, name), code);
    const html =
      '<html><head><title>t</title></head><body><script type="module" src="/_astro/page.js"></script>' +
      island('idle', 'Search.js') +
      island('member', 'Banner.js') +
      '</body></html>';

    const updated = await withModulePreloads(html, new ModuleGraph(dir));
    const linked = [...updated.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(
      ['/_astro/page.js', '/_astro/api.js', '/_astro/shared.js', '/_astro/client.js', '/_astro/Search.js'].sort(),
    );
    expect(updated.indexOf('modulepreload')).toBeLessThan(updated.indexOf('</head>'));
    // Idempotent: a page finished twice gets no second set of links.
    expect(await withModulePreloads(updated, new ModuleGraph(dir))).toBe(updated);
  });
});
