import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { eagerIslands, measurePage, pageScripts, staticImports } from './lander-js.ts';

describe('pageScripts', () => {
  it('takes inline and module scripts, not data', () => {
    const html = [
      '<script type="application/json" id="datekit-i18n">{"lng":"en"}</script>',
      '<script>(()=>{self.Astro=1})()</script>',
      '<script type="module" src="/_astro/page.js"></script>',
      '<script type=module src=/_astro/other.js></script>',
    ].join('');
    expect(pageScripts(html)).toEqual([
      { inline: '(()=>{self.Astro=1})()' },
      { src: '/_astro/page.js' },
      { src: '/_astro/other.js' },
    ]);
  });
});

describe('eagerIslands', () => {
  it('lists islands that hydrate by themselves, not those waiting for an interaction', () => {
    const html = [
      '<astro-island uid="a" component-url="/_astro/Modal.js" renderer-url="/_astro/client.js" client="interaction">',
      '<astro-island uid="b" component-url="/_astro/Nav.js" renderer-url="/_astro/client.js" client="idle">',
      '<astro-island uid="c" component-url="/_astro/List.js" renderer-url="/_astro/client.js" client="visible">',
    ].join('');
    expect(eagerIslands(html)).toEqual([
      ['/_astro/Nav.js', '/_astro/client.js'],
      ['/_astro/List.js', '/_astro/client.js'],
    ]);
  });
});

describe('staticImports', () => {
  it('finds the static imports of a minified module and skips dynamic ones', () => {
    const code =
      'import{b as t}from"./user.js";import"./api.js";export{x}from"./x.js";const l=()=>import("./island.js");';
    expect(staticImports(code)).toEqual(['./user.js', './api.js', './x.js']);
  });
});

describe('measurePage', () => {
  it('counts inline scripts and module graphs once each, not lazy islands', () => {
    const files: Record<string, string> = {
      '/_astro/a.js': 'import"./shared.js";console.log("a")',
      '/_astro/b.js': 'import{s}from"./shared.js";const l=()=>import("./island.js")',
      '/_astro/shared.js': 'export const s=1',
      '/_astro/island.js': 'x'.repeat(50_000),
    };
    const html =
      '<script>inline()</script><script type="module" src="/_astro/a.js"></script><script type="module" src="/_astro/b.js"></script>' +
      '<astro-island component-url="/_astro/island.js" renderer-url="/_astro/shared.js" client="interaction"></astro-island>';
    const result = measurePage(html, (urlPath) => files[urlPath]!);
    expect(result.parts.map((part) => part.name)).toEqual([
      'inline #1',
      '/_astro/a.js',
      '/_astro/shared.js',
      '/_astro/b.js',
    ]);
    const expected = ['inline()', files['/_astro/a.js']!, files['/_astro/shared.js']!, files['/_astro/b.js']!]
      .map((code) => gzipSync(code).length)
      .reduce((a, b) => a + b);
    expect(result.gzip).toBe(expected);
  });
});
