/**
 * The payment e2e specs' own world: the card providers' stand-ins (apps/server/test/widget/
 * stand-ins: Stripe's PaymentIntents, Mercado Pago's Payments and GoCardless's API, run in the
 * test process), a stack whose server uses them (FOYER_CARD_PROVIDER …), and Playwright routes
 * that serve the test doubles of Stripe.js and the Mercado Pago SDK in place of the providers'
 * scripts and answer the browser-side calls those scripts make. Our own server is never mocked.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { widgetSelector } from '../widgets';
import { startStack, type RunningStack } from '../../../scripts/stack-process';
import { startGoCardlessStandIn, type GoCardlessStandIn } from '../../../apps/server/test/widget/stand-ins/gocardless';
import { startMercadoStandIn, type MercadoStandIn } from '../../../apps/server/test/widget/stand-ins/mercadopago';
import { startStripeStandIn, type StripeStandIn } from '../../../apps/server/test/widget/stand-ins/stripe';
import { frameHeaders } from '@foyer/api/frame-headers';

const HERE = dirname(fileURLToPath(import.meta.url));
const STRIPE_DOUBLE = readFileSync(join(HERE, 'stripe.js'), 'utf8');
const MERCADO_DOUBLE = readFileSync(join(HERE, 'mercadopago.js'), 'utf8');

export const DEMO_ACCOUNT = { email: 'demo@foyer.test', password: 'foyer-demo-1' } as const;

export interface PaymentStack {
  stack: RunningStack;
  site: HostSite;
  stripe?: StripeStandIn;
  mercado?: MercadoStandIn;
  gocardless?: GoCardlessStandIn;
  stop(): Promise<void>;
}

/** Where the GoCardless double's hosted mandate pages live (https: the loader navigates only there). */
export const GOCARDLESS_PAGES = 'https://pay-sandbox.gocardless.test';

/**
 * GoCardless answers https redirect URLs; the stand-in answers its own http address. This proxy
 * in front of it rewrites them to GOCARDLESS_PAGES, which the spec's Playwright route serves.
 */
async function goCardlessProxy(standIn: GoCardlessStandIn): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', async () => {
      const upstream = await fetch(standIn.apiUrl + (request.url ?? '/'), {
        method: request.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
        ) as Record<string, string>,
        ...(body ? { body } : {}),
      });
      const text = (await upstream.text()).replaceAll(`${standIn.apiUrl}/flow/`, `${GOCARDLESS_PAGES}/flow/`);
      response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function startPaymentStack(provider: 'stripe' | 'mercadopago' | 'gocardless'): Promise<PaymentStack> {
  const env: Record<string, string> = {};
  const closers: (() => Promise<void>)[] = [];
  const world: Omit<PaymentStack, 'stack' | 'site' | 'stop'> = {};
  if (provider === 'stripe') {
    world.stripe = await startStripeStandIn();
    closers.push(() => world.stripe!.close());
    Object.assign(env, {
      FOYER_CARD_PROVIDER: 'stripe',
      STRIPE_API_URL: world.stripe.apiUrl,
      STRIPE_SECRET_KEY: world.stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
    });
  } else if (provider === 'mercadopago') {
    world.mercado = await startMercadoStandIn();
    closers.push(() => world.mercado!.close());
    Object.assign(env, {
      FOYER_CARD_PROVIDER: 'mercadopago',
      MERCADOPAGO_API_URL: world.mercado.apiUrl,
      MERCADOPAGO_ACCESS_TOKEN: world.mercado.accessToken,
      MERCADOPAGO_PUBLIC_KEY: 'TEST-public-double',
    });
  } else {
    world.gocardless = await startGoCardlessStandIn();
    const proxy = await goCardlessProxy(world.gocardless);
    closers.push(
      () => proxy.close(),
      () => world.gocardless!.close(),
    );
    Object.assign(env, {
      GOCARDLESS_ACCESS_TOKEN: world.gocardless.accessToken,
      GOCARDLESS_API_URL: proxy.url,
      // The spec's flow (redirect_flow_id comes back on the return page).
      GOCARDLESS_FLOW: 'redirect_flow',
    });
  }
  const stack = await startStack(['--ephemeral'], { env });
  const site = await startHostSite(stack.widgetsUrl);
  return {
    ...world,
    stack,
    site,
    stop: async () => {
      await site.close();
      await stack.stop();
      for (const close of closers) await close();
    },
  };
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST',
};

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({
    status,
    headers: { ...CORS, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Serves the Stripe.js double (or fails it while `scriptDown()` holds) and Stripe's browser-side API. */
export async function routeStripe(page: Page, standIn: StripeStandIn, scriptDown: () => boolean = () => false) {
  await page.route('https://js.stripe.com/**', (route) =>
    scriptDown()
      ? route.fulfill({ status: 503, body: 'unavailable' })
      : route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_DOUBLE }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const path = new URL(request.url()).pathname;
    const form = new URLSearchParams(request.postData() ?? '');
    if (path === '/v1/payment_methods') {
      // Stripe's test cards and the PaymentMethods the stand-in knows them by.
      const methods: Record<string, string> = {
        '4242424242424242': 'pm_card_visa',
        '4000000000000002': 'pm_card_chargeDeclined',
        '4000000000003220': 'pm_card_threeDSecure2Required',
      };
      const id = methods[form.get('card[number]') ?? ''];
      if (!id)
        return json(route, 402, {
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        });
      return json(route, 200, { id, object: 'payment_method', type: 'card' });
    }
    const challenge = /^\/v1\/payment_intents\/([^/]+)\/challenge$/.exec(path);
    if (challenge) {
      // The visitor answered the 3-D Secure page.
      standIn.completeChallenge(decodeURIComponent(challenge[1]!), form.get('passed') === 'true');
      return json(
        route,
        200,
        standIn.intents.find((intent) => intent.id === decodeURIComponent(challenge[1]!)),
      );
    }
    return json(route, 404, { error: { type: 'invalid_request_error', message: `no route ${path}` } });
  });
}

const luhn = (number: string) =>
  [...number].reverse().reduce((sum, char, index) => {
    let digit = Number(char);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    return sum + digit;
  }, 0) %
    10 ===
  0;

/** Serves the Mercado Pago SDK double (or fails it) and the SDK's browser-side API. */
export async function routeMercado(page: Page, scriptDown: () => boolean = () => false) {
  await page.route('https://sdk.mercadopago.com/**', (route) =>
    scriptDown()
      ? route.fulfill({ status: 503, body: 'unavailable' })
      : route.fulfill({ status: 200, contentType: 'text/javascript', body: MERCADO_DOUBLE }),
  );
  await page.route('https://api.mercadopago.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    const url = new URL(request.url());
    if (url.pathname === '/v1/identification_types') {
      return json(route, 200, [
        { id: 'DNI', name: 'DNI', type: 'number', min_length: 7, max_length: 8 },
        { id: 'CPF', name: 'CPF', type: 'number', min_length: 11, max_length: 11 },
      ]);
    }
    if (url.pathname === '/v1/payment_methods/search') {
      const bin = url.searchParams.get('bin') ?? '';
      const method = bin.startsWith('4')
        ? { id: 'visa', name: 'Visa' }
        : bin.startsWith('5')
          ? { id: 'master', name: 'Mastercard' }
          : /^3[47]/.test(bin)
            ? { id: 'amex', name: 'American Express' }
            : null;
      return json(route, 200, { paging: { total: method ? 1 : 0 }, results: method ? [method] : [] });
    }
    if (url.pathname === '/v1/card_tokens' && request.method() === 'POST') {
      const card = JSON.parse(request.postData() ?? '{}') as {
        card_number?: string;
        security_code?: string;
        expiration_month?: string;
        expiration_year?: string;
        cardholder?: { name?: string };
      };
      const causes: { code: string; description: string }[] = [];
      const number = card.card_number ?? '';
      if (!number) causes.push({ code: '205', description: 'parameter cardNumber can not be null/empty' });
      else if (!luhn(number)) causes.push({ code: 'E301', description: 'invalid parameter cardNumber' });
      const month = Number(card.expiration_month);
      if (!(month >= 1 && month <= 12))
        causes.push({ code: '208', description: 'invalid parameter cardExpirationMonth' });
      if (!/^\d{4}$/.test(card.expiration_year ?? ''))
        causes.push({ code: '209', description: 'invalid parameter cardExpirationYear' });
      if (!card.cardholder?.name)
        causes.push({ code: '221', description: 'parameter cardholderName can not be null/empty' });
      if (!card.security_code)
        causes.push({ code: '224', description: 'parameter securityCode can not be null/empty' });
      else if (number.startsWith('3') !== (card.security_code.length === 4))
        causes.push({ code: 'E302', description: 'invalid parameter securityCode' });
      if (causes.length) return json(route, 400, { message: 'bad request', status: 400, cause: causes });
      // As with Mercado Pago's test cards, the cardholder name decides what the payment does.
      return json(route, 201, { id: `tok_${card.cardholder!.name!.toUpperCase()}`, status: 'active' });
    }
    return json(route, 404, { message: `no route ${url.pathname}` });
  });
}

/**
 * The spec's host pages: a small site of its own on localhost (the demo service allows
 * http://localhost:*), so the pages load the loader from the widgets server as a real site does.
 * (Pages fulfilled through Playwright routes have no address, and Chromium's local-network checks
 * then refuse their requests to the loopback widgets server.)
 */
export interface HostSite {
  url: string;
  pages: Map<string, (url: URL) => string>;
  close(): Promise<void>;
}

function hostHtml(widgetsUrl: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payments e2e</title><link rel="icon" href="data:,"></head><body><main>
<h1>Payments</h1>
<script async src="${widgetsUrl}/loader.js" data-widget="login" data-show-header="false"></script>
${body}
<ol id="event-log"></ol>
<script>
  ['payment.success','payment.failed','directDebit.redirect','directDebit.success','directDebit.failed'].forEach(function (name) {
    window.addEventListener('foyer:' + name, function (event) {
      var li = document.createElement('li');
      li.textContent = 'foyer:' + name + ' ' + JSON.stringify(event.detail);
      document.getElementById('event-log').appendChild(li);
    });
  });
</script></main></body></html>`;
}

async function startHostSite(widgetsUrl: string): Promise<HostSite> {
  const pages = new Map<string, (url: URL) => string>();
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = pages.get(url.pathname);
    if (!body) return response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(hostHtml(widgetsUrl, body(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    pages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function apiSession(request: APIRequestContext, stack: RunningStack): Promise<string> {
  const created = await request.post(`${stack.widgetsUrl}/ic/api/session`, {
    headers: { authorization: 'Evolok evolok.api.service=demo', ...(await frameHeaders(stack.widgetsUrl)) },
    data: {
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: DEMO_ACCOUNT.email }],
      validators: [{ name: 'password', value: DEMO_ACCOUNT.password }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { mainSession: { sessionId: string } }).mainSession.sessionId;
}

/** A real order of the demo account (a one-off plan: it can be bought again and again). */
export async function createOrder(
  request: APIRequestContext,
  stack: RunningStack,
  paymentType: 'CARD' | 'DIRECT_DEBIT' | 'BANK_TRANSFER' = 'CARD',
): Promise<string> {
  const session = await apiSession(request, stack);
  const response = await request.post(`${stack.widgetsUrl}/pm/api/widget/order?ev_ss=${session}`, {
    headers: await frameHeaders(stack.widgetsUrl),
    data: { orderItems: [{ product: 'demo-archive', paymentPlan: 'archive-once-eur' }], paymentType },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Logs in through the page's login widget (the frames share the session). */
export async function logIn(page: Page) {
  const login = page.frameLocator(widgetSelector('login'));
  await login.getByLabel('Email').fill(DEMO_ACCOUNT.email);
  await login.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await login.getByRole('button', { name: /^log ?in$/i }).click();
  // Wait for the session: a payment started before it lands is refused with not_logged_in.
  await expect(login.getByText('You are logged in')).toBeVisible();
}
