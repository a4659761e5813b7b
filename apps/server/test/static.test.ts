import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { frameConfigSchema } from '@foyer/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedServer } from '../src/index';
import { frameCsp, injectFrameConfig } from '../src/static';
import { extendedSeed, fakeDist, PUBLIC_URL, testServer } from './helpers';

let server: PreparedServer;
let dist: Awaited<ReturnType<typeof fakeDist>>;

beforeAll(async () => {
  dist = await fakeDist();
  server = await testServer({ seed: extendedSeed(), frameDist: dist.frameDist, loaderDist: dist.loaderDist });
});
afterAll(async () => {
  await server.close();
  await dist.cleanup();
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

function injectedConfig(html: string) {
  const match = /<script id="foyer-frame-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  expect(match).not.toBeNull();
  return frameConfigSchema.parse(JSON.parse(match![1]!));
}

describe('frame pages /w/*', () => {
  it('serves index.html with the default service config and the frame CSP', async () => {
    const response = await get('/w/login');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).not.toContain('<!--foyer-frame-config-->');
    expect(response.body).toContain('<script type="module" src="/assets/app-abc123.js">');
    expect(injectedConfig(response.body)).toEqual({
      defaultServiceName: 'demo',
      allowedHostOrigins: ['http://localhost:*'],
      icDomain: `${PUBLIC_URL}/ic/api`,
      serviceToken: expect.any(String),
      // The served service's scheme: an embedded login prefetches its template at once.
      authenticationSchemeName: 'default',
    });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
        // The seamless sign-in image on the identity origin (issue 24: the CSP blocked it before).
        `img-src 'self' data: ${PUBLIC_URL}; ` +
        `connect-src 'self' ${PUBLIC_URL}; frame-ancestors http://localhost:*; base-uri 'none'; ` +
        "form-action 'self'; object-src 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('uses the service named by serviceName for the config and frame-ancestors', async () => {
    const response = await get('/w/profile?serviceName=news&showHeader=false');
    expect(injectedConfig(response.body)).toMatchObject({
      defaultServiceName: 'news',
      allowedHostOrigins: ['https://news.example.com', 'http://localhost:3000'],
    });
    expect(response.headers['content-security-policy']).toContain(
      'frame-ancestors https://news.example.com http://localhost:3000;',
    );
  });

  it('falls back to the default service for an unknown serviceName', async () => {
    const response = await get('/w/login?serviceName=ghost');
    expect(injectedConfig(response.body).defaultServiceName).toBe('demo');
    expect(response.headers['content-security-policy']).toContain('frame-ancestors http://localhost:*;');
  });

  it('serves version 1 routes and refuses other paths', async () => {
    expect((await get('/w/v1/product-selection')).statusCode).toBe(200);
    expect((await get('/w/login/extra')).statusCode).toBe(404);
    expect((await get('/w/%2e%2e%2fetc')).statusCode).toBe(404);
  });

  it("allows Google reCAPTCHA's script and frame hosts only for services with a site key", () => {
    const base = { allowedHostOrigins: ['http://localhost:*'], icDomain: 'http://127.0.0.1:8081/ic/api' };
    expect(frameCsp(base)).toContain("script-src 'self';");
    expect(frameCsp(base)).not.toContain('google');
    const withCaptcha = frameCsp({ ...base, recaptcha: true });
    expect(withCaptcha).toContain("script-src 'self' https://www.google.com https://www.gstatic.com;");
    expect(withCaptcha).toContain('frame-src https://www.google.com https://recaptcha.google.com;');
  });

  it("allows the social networks' picture hosts only where linked profiles show their pictures", async () => {
    expect((await get('/w/unlink-accounts')).headers['content-security-policy']).toMatch(
      /img-src 'self' data: [^;]*https:\/\/\*\.googleusercontent\.com[^;]*https:\/\/pbs\.twimg\.com/,
    );
    expect((await get('/w/login')).headers['content-security-policy']).not.toMatch(/googleusercontent|twimg/);
  });

  it("allows the card providers' hosts only on the card payment routes", async () => {
    const base = { allowedHostOrigins: ['http://localhost:*'], icDomain: 'http://127.0.0.1:8081/ic/api' };
    const plain = frameCsp(base);
    expect(plain).not.toMatch(/stripe|mercadopago/);
    const card = frameCsp({ ...base, cardPayment: true });
    expect(card).toMatch(/script-src 'self' [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/sdk\.mercadopago\.com/);
    expect(card).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com/);
    expect(card).toMatch(
      /connect-src 'self' http:\/\/127\.0\.0\.1:8081 [^;]*https:\/\/api\.stripe\.com [^;]*https:\/\/api\.mercadopago\.com/,
    );
    // Both at once: one frame-src listing reCAPTCHA's and the providers' frames.
    const both = frameCsp({ ...base, recaptcha: true, cardPayment: true });
    expect(both.match(/frame-src/g)).toHaveLength(1);
    expect(both).toMatch(/frame-src https:\/\/www\.google\.com [^;]*https:\/\/hooks\.stripe\.com/);

    for (const route of ['payment', 'stripe-payment', 'mercado-payment']) {
      expect((await get(`/w/${route}`)).headers['content-security-policy'], route).toContain('https://js.stripe.com');
    }
    for (const route of [
      'login',
      'manual-payment',
      'product-selection',
      'direct-debit-request',
      'v1/product-selection',
    ]) {
      expect((await get(`/w/${route}`)).headers['content-security-policy'], route).not.toMatch(/stripe|mercadopago/);
    }
  });

  it('escapes the config for HTML', () => {
    const config = {
      defaultServiceName: 'demo',
      allowedHostOrigins: [],
      icDomain: 'http://x/ic/api?q=</script><script>alert(1)</script>&$&',
    };
    const html = injectFrameConfig('<head><!--foyer-frame-config--></head>', config);
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script\\u003e');
    expect(injectedConfig(html)).toEqual(config);
  });
});

describe('assets and loader', () => {
  it('serves hashed assets with long immutable caching', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("frame");');
    expect(response.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/assets/../index.html')).statusCode).toBe(404);
  });

  it("sends the frame's modules and stylesheets without a charset, the loader's classic script with one", async () => {
    await writeFile(join(dist.frameDist, 'assets', 'app-abc123.css'), '#root{color:red}');
    expect((await get('/assets/app-abc123.js')).headers['content-type']).toBe('text/javascript');
    expect((await get('/assets/app-abc123.css')).headers['content-type']).toBe('text/css');
    expect((await get('/loader.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it("carries none of the frame page's document-only headers on an asset or the loader", async () => {
    for (const url of ['/assets/app-abc123.js', '/loader.js']) {
      const { headers } = await get(url);
      for (const name of ['content-security-policy', 'referrer-policy', 'x-frame-options', 'permissions-policy'])
        expect(headers[name], `${url} ${name}`).toBeUndefined();
      expect(headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('serves loader.js to any origin with short caching', async () => {
    const response = await get('/loader.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('(function(){/* loader */})();');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('max-age=300');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect((await get('/nothing.js')).statusCode).toBe(404);
  });

  it('answers 503 "run npm run build" when the dist folders are missing', async () => {
    const bare = await testServer({ frameDist: join(dist.root, 'none'), loaderDist: join(dist.root, 'none') });
    try {
      for (const url of ['/w/login', '/assets/app-abc123.js', '/loader.js']) {
        const response = await bare.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.body).toContain('run npm run build');
      }
    } finally {
      await bare.close();
    }
  });

  it('notices a frame build that appears or disappears while running', async () => {
    const index = join(dist.frameDist, 'index.html');
    const html = await readFile(index, 'utf8');
    await rm(index);
    expect((await get('/w/login')).statusCode).toBe(503);
    await writeFile(index, html);
    expect((await get('/w/login')).statusCode).toBe(200);
  });
});
