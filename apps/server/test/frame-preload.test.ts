/**
 * A frame page announces its route's own chunks (read from the Vite manifest) as modulepreload
 * links, so they download beside the entry chunk instead of after it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeChunks, routeFiles, routeStyles, withRoutePreloads } from '../src/frame-preload';
import type { PreparedServer } from '../src/index';
import { fakeDist, testServer } from './helpers';

const MANIFEST = {
  'index.html': { file: 'assets/app-abc123.js', imports: ['_core.js'], css: ['assets/app-1.css'] },
  '_core.js': { file: 'assets/core-1.js' },
  '_forms.js': { file: 'assets/forms-1.js', imports: ['_core.js'], css: ['assets/forms-1.css'] },
  'src/widgets/login/index.tsx': {
    file: 'assets/login-1.js',
    imports: ['_core.js', '_forms.js', 'index.html'],
    css: ['assets/account-1.css', 'assets/app-1.css'],
  },
  'src/widgets/subscriptions-list/index.tsx': { file: 'assets/subscriptions-list-1.js', imports: ['_core.js'] },
  'src/widgets/odd/index.tsx': { file: 'assets/odd"><script>.js' },
};

describe('route preloads', () => {
  it("lists the route's chunk and what it imports that index.html does not load", () => {
    expect(routeChunks(MANIFEST, 'login')).toEqual(['assets/login-1.js', 'assets/forms-1.js']);
    // Version 1 routes whose component is the widget of the same name (routes.ts).
    expect(routeChunks(MANIFEST, 'v1/subscriptions-list')).toEqual(['assets/subscriptions-list-1.js']);
    expect(routeChunks(MANIFEST, 'unknown')).toEqual([]);
  });

  it("lists the route's stylesheets that index.html does not load, once each", () => {
    expect(routeStyles(MANIFEST, 'login')).toEqual(['assets/account-1.css', 'assets/forms-1.css']);
    expect(routeStyles(MANIFEST, 'v1/subscriptions-list')).toEqual([]);
    expect(routeStyles(MANIFEST, 'unknown')).toEqual([]);
  });

  it("a frame page links the route's JS, then its stylesheets, worked out once per build", () => {
    const files = routeFiles(MANIFEST, 'login');
    expect(files).toEqual(['assets/login-1.js', 'assets/forms-1.js', 'assets/account-1.css', 'assets/forms-1.css']);
    expect(routeFiles(MANIFEST, 'login')).toBe(files);
  });

  it("links a stylesheet as Vite's preload helper looks for it, so importing the route does not wait for it", () => {
    const html = '<html><head></head></html>';
    expect(withRoutePreloads(html, ['assets/login-1.js', 'assets/account-1.css'])).toBe(
      '<html><head><link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="stylesheet" crossorigin href="/assets/account-1.css"></head></html>',
    );
  });

  it('inserts the links before </head>, and only plain file names', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withRoutePreloads(html, ['assets/login-1.js', ...routeChunks(MANIFEST, 'odd')])).toBe(
      '<html><head><title>x</title><link rel="modulepreload" crossorigin href="/assets/login-1.js"></head><body></body></html>',
    );
    expect(withRoutePreloads(html, [])).toBe(html);
  });
});

describe('frame pages with a manifest', () => {
  let server: PreparedServer;
  let dist: Awaited<ReturnType<typeof fakeDist>>;
  beforeAll(async () => {
    dist = await fakeDist();
    server = await testServer({ frameDist: dist.frameDist, loaderDist: dist.loaderDist });
  });
  afterAll(async () => {
    await server.close();
    await dist.cleanup();
  });

  it('carry the modulepreload links of their route, and none without a manifest', async () => {
    const before = await server.app.inject({ method: 'GET', url: '/w/login' });
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('modulepreload');

    await mkdir(join(dist.frameDist, '.vite'), { recursive: true });
    await writeFile(join(dist.frameDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    // A new build rewrites index.html: the manifest is read again then.
    await writeFile(
      join(dist.frameDist, 'index.html'),
      '<!doctype html><html><head><title>Foyer</title><!--foyer-frame-config--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>\n',
    );
    const login = await server.app.inject({ method: 'GET', url: '/w/login' });
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-1.js"><link rel="modulepreload" crossorigin href="/assets/forms-1.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/account-1.css"><link rel="stylesheet" crossorigin href="/assets/forms-1.css"></head>',
    );
    expect(login.body).not.toContain('app-1.css');
    expect(login.body).not.toContain('core-1.js');
    const profile = await server.app.inject({ method: 'GET', url: '/w/profile' });
    expect(profile.body).not.toContain('modulepreload');
  });
});
