/**
 * The widget route's own chunks, announced in its frame page as <link rel=modulepreload>: the
 * browser fetches them while it fetches the entry chunk, instead of after the entry has run and
 * asked for the route (the entry no longer carries every route's dependency list: see
 * apps/frame/vite.config.ts). Its stylesheets are linked too: importing the route waits for them
 * otherwise, and an embedded frame whose route was not in when the host's context came showed
 * its widget 300 ms late (React's Suspense throttle, see apps/frame/src/app/lazyWidget.ts; issue 9).
 * Read from the frame build's Vite manifest.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The manifest entry of a route's component: `src/widgets/<route>`, or without `v1/` (routes.ts). */
function routeKey(manifest: Manifest, route: string): string | undefined {
  return [route, route.replace(/^v1\//, '')]
    .map((name) => `src/widgets/${name}/index.tsx`)
    .find((key) => Object.prototype.hasOwnProperty.call(manifest, key));
}

/** A chunk and every chunk it imports statically (what the browser would fetch one by one). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dependency of manifest[key].imports ?? []) closure(manifest, dependency, into);
  return into;
}

/** The JS files of `route` that index.html does not already load; [] for a route not in the build. */
export function routeChunks(manifest: Manifest, route: string): string[] {
  const key = routeKey(manifest, route);
  if (!key) return [];
  const page = closure(manifest, 'index.html');
  return [...closure(manifest, key)]
    .filter((chunk) => !page.has(chunk))
    .map((chunk) => manifest[chunk]!.file)
    .filter((file) => file.endsWith('.js'));
}

/**
 * The stylesheets of `route` that index.html does not already load. Vite's preload helper fetches
 * them only when the route's chunk is imported (after the entry has run), and holds the import
 * until they are in; one already linked in the page it skips.
 */
export function routeStyles(manifest: Manifest, route: string): string[] {
  const key = routeKey(manifest, route);
  if (!key) return [];
  const page = new Set([...closure(manifest, 'index.html')].flatMap((chunk) => manifest[chunk]!.css ?? []));
  return [...new Set([...closure(manifest, key)].flatMap((chunk) => manifest[chunk]!.css ?? []))].filter(
    (file) => !page.has(file),
  );
}

const filesByManifest = new WeakMap<Manifest, Map<string, string[]>>();

/**
 * What a frame page of `route` links: its JS, then its stylesheets. Worked out once per route and
 * build (manifestReader hands out one manifest object per build), not on every frame request.
 */
export function routeFiles(manifest: Manifest, route: string): string[] {
  let byRoute = filesByManifest.get(manifest);
  if (!byRoute) filesByManifest.set(manifest, (byRoute = new Map()));
  let files = byRoute.get(route);
  if (!files) byRoute.set(route, (files = [...routeChunks(manifest, route), ...routeStyles(manifest, route)]));
  return files;
}

/**
 * Inserts the route's links before </head>: modulepreload for its JS (same attributes as Vite's
 * own), stylesheet for its CSS (the link Vite's helper looks for).
 */
export function withRoutePreloads(html: string, files: readonly string[]): string {
  const links = files
    .filter((file) => /^[\w./-]+$/.test(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('');
  return links ? html.replace('</head>', () => `${links}</head>`) : html;
}

/**
 * The manifest of the build whose index.html is `html`, read again when the page changes (a new
 * build while the server runs). null without one (the page then works, only without the links).
 */
export function manifestReader(frameDist: string): (html: string) => Promise<Manifest | null> {
  let cached: { html: string; manifest: Promise<Manifest | null> } | null = null;
  return (html) => {
    if (cached?.html !== html)
      cached = {
        html,
        manifest: readFile(join(frameDist, '.vite', 'manifest.json'), 'utf8').then(
          (text) => JSON.parse(text) as Manifest,
          () => null,
        ),
      };
    return cached.manifest;
  };
}
