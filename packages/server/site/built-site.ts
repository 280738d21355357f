import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { INLINE_SCRIPTS_FILE, inlineScriptHashes, type InlineScripts } from './inline-scripts.ts';
import { compileRoutes, type CompiledRoute, type RoutesManifest } from './route-matcher.ts';

/** One brand's build, read and checked once at start-up. */
export interface BuiltSite {
  manifest: RoutesManifest;
  routes: CompiledRoute[];
  root: string;
  /** The CSP sources of the inline scripts its pages contain. */
  scriptHashes: string[];
}

/** What a brand's build directory holds: a site to serve, nothing yet, or something the server cannot serve. */
export type BuildState =
  | { state: 'built'; site: BuiltSite }
  | { state: 'unbuilt' }
  /** `file` is relative to the dist directory; `problem` says what is wrong with it, for the operator. */
  | { state: 'damaged'; file: string; problem: string };

/** What the server reads of routes.json; anything else in it is the build's business. */
const manifestSchema = z.looseObject({
  languages: z.array(z.string().min(1)).min(1),
  notFound: z.string().min(1),
  routes: z.array(z.looseObject({ path: z.string().startsWith('/'), shell: z.string().min(1) })),
});

const inlineScriptsSchema = z.object({ script_hashes: z.array(z.string()) });

/**
 * Reads `dist/<domain>/routes.json` and checks what the server will rely on: that it parses, has the
 * manifest's shape, that every page it names (each route's shell and the not-found page, in every
 * language) is there, and that the inline-script hashes are readable. A build interrupted half-way,
 * a file truncated by a full disk or a partial copy is found here, at start, instead of as a 500 (or
 * a crash) on some request later.
 */
export function loadBuiltSite(distDir: string, domain: string): BuildState {
  const root = path.join(distDir, domain);
  const manifestFile = path.join(root, 'routes.json');
  const relative = (file: string) => path.relative(distDir, file);
  if (!fs.existsSync(manifestFile)) return { state: 'unbuilt' };
  const damaged = (file: string, problem: string): BuildState => ({ state: 'damaged', file: relative(file), problem });

  const manifest = readJson(manifestFile, manifestSchema);
  if ('problem' in manifest) return damaged(manifestFile, manifest.problem);
  const missing: string[] = [];
  for (const lang of manifest.value.languages) {
    for (const shell of [manifest.value.notFound, ...manifest.value.routes.map((route) => route.shell)]) {
      const page = path.join(root, lang, shell);
      if (!page.startsWith(root + path.sep) || !isFile(page)) missing.push(relative(page));
    }
  }
  if (missing.length > 0) {
    const more = missing.length > 1 ? ` and ${missing.length - 1} more` : '';
    return damaged(manifestFile, `names pages that are missing: ${missing[0]}${more}`);
  }

  const scriptsFile = path.join(root, INLINE_SCRIPTS_FILE);
  let scriptHashes: string[];
  if (fs.existsSync(scriptsFile)) {
    const scripts = readInlineScripts(scriptsFile);
    if ('problem' in scripts) return damaged(scriptsFile, scripts.problem);
    scriptHashes = scripts.value.script_hashes;
  } else {
    // A build made before the build wrote the hashes: from the pages themselves.
    scriptHashes = pageScriptHashes(root);
  }
  const value = manifest.value as unknown as RoutesManifest;
  return { state: 'built', site: { manifest: value, routes: compileRoutes(value.routes), root, scriptHashes } };
}

/** An inline-scripts.json the build wrote (a brand's, or the operator console's), or what is wrong with it. */
export function readInlineScripts(file: string): { value: InlineScripts } | { problem: string } {
  return readJson(file, inlineScriptsSchema);
}

function readJson<T>(file: string, schema: z.ZodType<T>): { value: T } | { problem: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message})` };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return { problem: `is not what the build writes (${where}${issue.message})` };
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

function pageScriptHashes(root: string): string[] {
  const hashes = new Set<string>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    inlineScriptHashes(fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8')).forEach((h) => hashes.add(h));
  }
  return [...hashes];
}
