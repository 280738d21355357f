import { type ManifestRoute, NOT_FOUND_SHELL, type RouteDef, type RoutesManifest } from '@datekit/runtime/routes';
import { shellFile } from '@datekit/runtime/rules/route-shells';

export type { ManifestRoute, RoutesManifest };

/** The not-found page, relative to `dist/<domain>/<lang>/`. */

export interface ManifestInput {
  domain: string;
  languages: readonly string[];
  routes: readonly RouteDef[];
  /** Whether the build wrote `shell` (relative to the language directory) for `lang`. */
  hasShell: (lang: string, shell: string) => boolean;
}

export interface ManifestResult {
  manifest: RoutesManifest;
  /** Routes built for some languages but not all: the server could not serve them in every language. */
  incomplete: { route: string; missing: string[] }[];
  /** Routes of the table that no page builds yet. */
  unbuilt: string[];
}

/**
 * The routes manifest of one brand, from the route table and what the build wrote. A route is in the
 * manifest when its shell exists in every language; dynamic routes map to their one prerendered shell
 * (see `shellFile`), so `/members/{id}` is served by `members/_id/index.html` for every id.
 */
export function buildRoutesManifest(input: ManifestInput): ManifestResult {
  const routes: ManifestRoute[] = [];
  const incomplete: ManifestResult['incomplete'] = [];
  const unbuilt: string[] = [];
  for (const route of input.routes) {
    const shell = shellFile(route.path);
    const missing = input.languages.filter((lang) => !input.hasShell(lang, shell));
    if (missing.length === input.languages.length) unbuilt.push(route.name);
    else if (missing.length > 0) incomplete.push({ route: route.name, missing });
    else {
      const { name, path, layout, auth, params } = route;
      routes.push({ name, path, shell, layout, auth, ...(params ? { params } : {}) });
    }
  }
  return {
    manifest: { domain: input.domain, languages: [...input.languages], routes, notFound: NOT_FOUND_SHELL },
    incomplete,
    unbuilt,
  };
}
