import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@datekit/runtime/data/locales';
import { BUILD_ONLY_PREFIX, type UiBundle } from '@datekit/runtime/i18n';
import { inlineI18n, inlineOperatorI18n } from './index.ts';

/**
 * Every translation key an island can ask for is in the strings its page ships, in every language.
 *
 * An island only has the page's JSON script (`inlineI18n` on a brand page, `inlineOperatorI18n` in the
 * console): a `page.*` key, a console key on a brand page or a brand key in the console renders as
 * the raw key. The keys are collected from the code with the type checker, so they need no list here:
 * - `t('a.b')`, `<Trans i18nKey="a.b">` and `t(ok ? 'a' : 'b')`: each literal;
 * - `t(fn())`, `t(key)` whose type is a union of literals (`'x.a' | 'x.b'`): each member;
 * - `t(\`push.state_${status}\`)`: every member of the placeholder's literal type (`PushStatus`);
 *   where the placeholder is a plain `string`, at least one key must match, and the fixed part must
 *   not be build-only.
 * Anything else (a key typed `string`) cannot be checked and fails: give it a literal type.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const islandsDir = join(root, 'src/islands');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const program = ts.createProgram(sourceFiles(islandsDir), {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  jsx: ts.JsxEmit.ReactJSX,
  jsxImportSource: 'react',
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
});
const checker = program.getTypeChecker();

/** One place an island asks for a key: the exact keys, or a pattern when a part is any string. */
interface KeyUse {
  where: string;
  keys: string[];
  /** Set when a placeholder is a plain string: the keys must match it, and `fixed` is its literal start. */
  pattern?: { regex: RegExp; fixed: string };
  unresolved?: string;
}

/** The string literals a type stands for, or null when it is (or contains) a plain `string`. */
function literals(type: ts.Type): string[] | null {
  const parts = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const part of parts) {
    if (part.isStringLiteral()) values.push(part.value);
    else if (part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
    else return null;
  }
  return values;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function keysOf(node: ts.Expression, where: string): KeyUse {
  if (ts.isParenthesizedExpression(node)) return keysOf(node.expression, where);
  if (ts.isStringLiteralLike(node)) return { where, keys: [node.text] };
  if (ts.isConditionalExpression(node)) {
    const a = keysOf(node.whenTrue, where);
    const b = keysOf(node.whenFalse, where);
    if (a.pattern || b.pattern || a.unresolved || b.unresolved) return a.unresolved || a.pattern ? a : b;
    return { where, keys: [...a.keys, ...b.keys] };
  }
  if (ts.isTemplateExpression(node)) {
    // Expand the template part by part: literal unions multiply out, a plain string becomes `.+`.
    let variants = [node.head.text];
    let regex = escapeRegex(node.head.text);
    // Two placeholders are often correlated (`choice.${field}.${option}`): their product is not the
    // key set, so such a template is checked as a pattern.
    let open = node.templateSpans.length > 1;
    for (const span of node.templateSpans) {
      const values = literals(checker.getTypeAtLocation(span.expression));
      if (values && !open)
        variants = variants.flatMap((start) => values.map((value) => start + value + span.literal.text));
      else open = true;
      regex += (values ? `(${values.map(escapeRegex).join('|')})` : '.+') + escapeRegex(span.literal.text);
    }
    if (!open) return { where, keys: variants };
    return {
      where,
      keys: [],
      pattern: { regex: new RegExp(`^${regex}(_(zero|one|two|few|many|other))?$`), fixed: node.head.text },
    };
  }
  const values = literals(checker.getTypeAtLocation(node));
  if (values && values.length > 0) return { where, keys: values };
  return { where, keys: [], unresolved: node.getText() };
}

function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

/** Every key use in one file. */
function keyUses(file: ts.SourceFile): KeyUse[] {
  const uses: KeyUse[] = [];
  const visit = (node: ts.Node): void => {
    const where = () => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      return `${relative(root, file.fileName)}:${line + 1}`;
    };
    if (ts.isCallExpression(node) && isTranslateCall(node) && node.arguments[0]) {
      uses.push(keysOf(node.arguments[0], where()));
    } else if (ts.isJsxAttribute(node) && node.name.getText(file) === 'i18nKey' && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) uses.push(keysOf(value, where()));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return uses;
}

/** The project's own files `file` imports, transitively (islands, runtime, site helpers). */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const fileName = queue.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const file = program.getSourceFile(fileName);
    if (!file) continue;
    for (const statement of file.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const target = resolve(dirname(fileName), specifier.text);
      if (program.getSourceFile(target) && !target.includes('node_modules')) queue.push(target);
    }
  }
  return seen;
}

const islandFiles = sourceFiles(islandsDir);
const operatorDir = join(islandsDir, 'operator');
/** Files that run on the console's pages, and files that run on a brand's pages (some run on both). */
const surfaces = [
  {
    name: 'brand page',
    files: reachable(islandFiles.filter((file) => !file.startsWith(operatorDir))),
    bundle: (lang: string) => inlineI18n(lang as (typeof LOCALES)[number]).ui,
  },
  {
    name: 'operator console',
    files: reachable(islandFiles.filter((file) => file.startsWith(operatorDir))),
    bundle: (lang: string) => inlineOperatorI18n(lang as (typeof LOCALES)[number]).ui,
  },
];

function problems(uses: KeyUse[], bundle: UiBundle): string[] {
  const found: string[] = [];
  const has = (key: string) => key in bundle || `${key}_other` in bundle;
  for (const use of uses) {
    if (use.unresolved) {
      found.push(`${use.where}: t(${use.unresolved}) has no literal type, so its keys cannot be checked`);
      continue;
    }
    for (const key of use.keys) {
      if (key.startsWith(BUILD_ONLY_PREFIX)) found.push(`${use.where}: "${key}" is build-only (${BUILD_ONLY_PREFIX}*)`);
      else if (!has(key)) found.push(`${use.where}: "${key}" is missing`);
    }
    if (use.pattern) {
      const { regex, fixed } = use.pattern;
      if (fixed.startsWith(BUILD_ONLY_PREFIX)) found.push(`${use.where}: "${fixed}…" is build-only`);
      else if (!Object.keys(bundle).some((key) => regex.test(key))) found.push(`${use.where}: no key matches ${regex}`);
    }
  }
  return found;
}

describe('translation keys of the islands', () => {
  for (const surface of surfaces) {
    const uses = [...surface.files]
      .map((fileName) => program.getSourceFile(fileName))
      .filter((file): file is ts.SourceFile => file !== undefined)
      .flatMap(keyUses);

    it(`finds the keys the ${surface.name} islands use`, () => {
      expect(uses.length).toBeGreaterThan(surface.name === 'brand page' ? 300 : 50);
    });

    for (const lang of LOCALES) {
      it(`are all in the ${lang} strings of a ${surface.name}`, () => {
        expect(problems(uses, surface.bundle(lang))).toEqual([]);
      });
    }
  }

  it('fails on a page key, a missing key and an unchecked key', () => {
    const source = ts.createSourceFile(
      'probe.tsx',
      "t('page.notifications.title'); t('nav.credits'); t('no.such_key'); t(someString);",
      ts.ScriptTarget.ES2022,
      true,
    );
    const uses: KeyUse[] = [];
    source.forEachChild(function visit(node): void {
      if (ts.isCallExpression(node) && isTranslateCall(node) && node.arguments[0]) {
        const argument = node.arguments[0];
        uses.push(
          ts.isStringLiteral(argument)
            ? { where: 'probe', keys: [argument.text] }
            : { where: 'probe', keys: [], unresolved: argument.getText(source) },
        );
      }
      node.forEachChild(visit);
    });
    expect(problems(uses, inlineI18n('en').ui)).toEqual([
      'probe: "page.notifications.title" is build-only (page.*)',
      'probe: "no.such_key" is missing',
      'probe: t(someString) has no literal type, so its keys cannot be checked',
    ]);
  });
});
