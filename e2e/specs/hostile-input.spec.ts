/**
 * Hostile input in a real browser (issue 11): messages from a foreign origin, forged messages from
 * the host page, replayed sibling envelopes and a profile full of XSS payloads must change nothing,
 * run nothing and crash nothing. Each observation is shown to work by a legitimate action that
 * does change it, in the same test.
 */
import { expect, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { test } from '../support/api-test';
import { Shop, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { LoginWidget, recordHostEvents, widgetFrame, widgetIframe } from '../support/widgets';
import { frameHeaders } from '@foyer/api/frame-headers';

const CHANNEL = 'foyer.siblings';

function widgetDocument(page: Page, widget: string): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes(`/w/${widget}`));
  if (!frame) throw new Error(`no ${widget} frame`);
  return frame;
}

/**
 * A page on the foreign origin that opens the host page itself (so it holds a reference to its
 * window and, through `frames`, to the widget frames). The popup is returned before it navigates,
 * so the caller can record its events from the start.
 */
async function foreignOpener(context: BrowserContext): Promise<{ foreign: Page; popup: Page }> {
  const foreign = await context.newPage();
  await foreign.goto(`${stack.foreignUrl}/login`);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    foreign.evaluate(() => {
      (window as unknown as { target: Window | null }).target = window.open('about:blank', 'foyer-target');
    }),
  ]);
  return { foreign, popup };
}

/**
 * Forged, malformed and oversized messages, penpal handshakes and calls among them. `replays` are
 * real envelopes captured earlier (sibling states), sent again.
 */
function hostileMessages(replays: unknown[]): unknown[] {
  const penpal = (message: object) => ({ namespace: 'penpal', channel: undefined, ...message });
  const forgedEvent = { name: 'login.success', payload: { guid: 'forged', mainSession: { sessionId: 'forged' } } };
  return [
    'hello',
    null,
    42,
    [],
    { name: 'resize', height: 99999 },
    { name: 'login.success', payload: { guid: 'forged' } },
    { kind: 'state', topic: 'session', page: 'x', from: 'y', value: { sessionId: 'forged' } },
    penpal({ type: 'SYN', participantId: 'forged' }),
    penpal({ type: 'ACK1', methodPaths: [['deliver'], ['logout']] }),
    penpal({ type: 'ACK2' }),
    penpal({ type: 'CALL', id: 'forged-1', methodPath: ['deliver'], args: [forgedEvent] }),
    penpal({ type: 'CALL', id: 'forged-2', methodPath: ['emit'], args: [forgedEvent] }),
    penpal({ type: 'CALL', id: 'forged-3', methodPath: ['resize'], args: [99999] }),
    penpal({ type: 'REPLY', callId: 'forged-1', value: forgedEvent }),
    penpal({ type: 'CALL', id: 'forged-4', methodPath: ['__proto__', 'constructor'], args: [] }),
    JSON.parse('{"__proto__": {"polluted": true}, "name": "login.success"}'),
    { name: 'login.success', payload: { guid: 'x'.repeat(2_000_000) } },
    'x'.repeat(5_000_000),
    ...replays,
  ];
}

/** Sends every message to the target window and each of its frames, from the page `from`. */
async function bombard(from: Page, target: 'self' | 'opened', messages: unknown[]): Promise<void> {
  await from.evaluate(
    ({ target, messages }) => {
      const win = target === 'self' ? window : (window as unknown as { target: Window }).target;
      const windows = [win, ...Array.from({ length: win.frames.length }, (_, i) => win.frames[i] as Window)];
      for (const recipient of windows) for (const message of messages) recipient.postMessage(message, '*');
    },
    { target, messages },
  );
}

const BARRIER = 'foyer-e2e-barrier';

/**
 * Waits until every document of `page` (the host page and its frames) has been handed every
 * message the `senders` posted before: each sender posts a marker after its messages, and
 * messages from one window to another arrive in the order they were sent. So the refusal of the
 * hostile messages is checked once they were delivered, not after a pause.
 */
async function untilDelivered(page: Page, senders: { from: Page; target: 'self' | 'opened' }[]): Promise<void> {
  const documents = page.frames();
  const listening = await Promise.all(
    documents.map((frame) =>
      frame
        .evaluate((marker) => {
          const state = window as unknown as { __e2eBarrier?: number };
          state.__e2eBarrier = 0;
          addEventListener('message', (event) => {
            if (event.data === marker) state.__e2eBarrier! += 1;
          });
          return true;
        }, BARRIER)
        .catch(() => false),
    ),
  );
  for (const { from, target } of senders) await bombard(from, target, [BARRIER]);
  const markers = () =>
    Promise.all(
      documents
        .filter((_, index) => listening[index])
        .map((frame) =>
          frame.evaluate(() => (window as unknown as { __e2eBarrier?: number }).__e2eBarrier ?? 0).catch(() => -1),
        ),
    );
  await expect.poll(async () => (await markers()).every((count) => count >= senders.length)).toBe(true);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('foreign-origin and forged messages to the login page and its frames are refused', async ({ context }) => {
  const { foreign, popup } = await foreignOpener(context);
  const errors = watchErrors(popup);
  const foreignErrors = watchErrors(foreign);
  const events = await recordHostEvents(popup);
  await popup.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(popup);
  await expect(login.email).toBeVisible();

  await bombard(foreign, 'opened', hostileMessages([]));
  // The host page's own scripts (an XSS on the host, a hostile ad) forging the same.
  await bombard(popup, 'self', hostileMessages([]));
  await untilDelivered(popup, [
    { from: foreign, target: 'opened' },
    { from: popup, target: 'self' },
  ]);

  // Still logged out, nothing reached the page's event log.
  await expect(login.email).toBeVisible();
  await expect(widgetFrame(popup, 'profile').getByRole('button', { name: /log ?out/i })).toHaveCount(0);
  expect(await events()).toEqual([]);
  await expect(popup.locator('#event-log')).not.toContainText('forged');
  expect(errors).toEqual([]);
  expect(foreignErrors).toEqual([]);

  // The observations work: a real login changes the state and produces the event.
  const demo = { email: 'demo@foyer.test', password: 'foyer-demo-1' };
  await login.logIn(demo.email, demo.password);
  await expect(widgetFrame(popup, 'profile').getByRole('button', { name: /log ?out/i })).toBeVisible();
  await expect.poll(async () => (await events()).map((event) => event.name)).toContain('login.success');
  expect(JSON.stringify(await events())).not.toContain('forged');
  await widgetFrame(popup, 'profile')
    .getByRole('button', { name: /log ?out/i })
    .click();
});

test('a connected widget ignores handshakes forged by the host page: it keeps its connection, events and height', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const events = await recordHostEvents(page);
  await page.goto(`${stack.demoUrl}/login`);
  const login = new LoginWidget(page);
  const profile = widgetFrame(page, 'profile');
  await expect(login.email).toBeVisible();
  // Both frames connected: each names itself (in place of the loader's English title) once the
  // handshake is done and its context applied.
  for (const widget of ['login', 'profile']) {
    await expect(widgetIframe(page, widget)).not.toHaveAttribute('title', `Foyer ${widget} widget`);
  }

  // A script on the host page (same origin as the loader) restarts penpal's handshake with every
  // frame: SYNs from a lower and a higher participant, ACK1 then ACK2 carrying its own port (a
  // takeover: the frame's calls would go to that port), and DESTROY. Also to its own window.
  await page.evaluate(() => {
    const penpal = (message: object) => ({ namespace: 'penpal', channel: undefined, ...message });
    const heard: unknown[] = [];
    (window as unknown as { __forgerHeard: unknown[] }).__forgerHeard = heard;
    const windows = [window, ...Array.from({ length: window.frames.length }, (_, i) => window.frames[i] as Window)];
    for (const target of windows) {
      target.postMessage(penpal({ type: 'SYN', participantId: '00000000' }), '*');
      target.postMessage(penpal({ type: 'SYN', participantId: 'zzzzzzzz' }), '*');
      target.postMessage(penpal({ type: 'ACK1', methodPaths: [['deliver'], ['logout']] }), '*');
      const forger = new MessageChannel();
      forger.port1.onmessage = (event) => heard.push(event.data);
      target.postMessage(penpal({ type: 'ACK2' }), '*', [forger.port2]);
      target.postMessage(penpal({ type: 'DESTROY' }), '*');
    }
  });
  await untilDelivered(page, [{ from: page, target: 'self' }]);

  // Not blanked: the form is there and still works. Its height still follows its content (the
  // refusal's message makes it taller), its events still reach the page and the other frame.
  await expect(login.email).toBeVisible();
  const iframeHeight = () => widgetIframe(page, 'login').evaluate((element) => element.getBoundingClientRect().height);
  const before = await iframeHeight();
  await login.logIn('demo@foyer.test', 'wrong-password');
  await expect(login.alert).toBeVisible();
  await expect.poll(iframeHeight).toBeGreaterThan(before);
  await expect.poll(async () => (await events()).map((event) => event.name)).toContain('login.failed');

  await login.logIn('demo@foyer.test', 'foyer-demo-1');
  await expect.poll(async () => (await events()).map((event) => event.name)).toContain('login.success');
  await expect(page.locator('#event-log')).toContainText('foyer:login.success');
  await expect(profile.getByRole('button', { name: /log ?out/i })).toBeVisible();
  // Nothing went to the forger's ports.
  expect(await page.evaluate(() => (window as unknown as { __forgerHeard: unknown[] }).__forgerHeard)).toEqual([]);
  expect(errors).toEqual([]);
  await profile.getByRole('button', { name: /log ?out/i }).click();
});

test('the basket cannot be forged or replayed from another origin, and the host origin cannot join the siblings channel', async ({
  context,
}) => {
  const { foreign, popup } = await foreignOpener(context);
  const errors = watchErrors(popup);
  const events = await recordHostEvents(popup);
  const shop = new Shop(popup);
  await popup.goto(`${stack.demoUrl}/shop`);
  await expect(shop.emptySummary).toBeVisible();

  // Listeners on the channel: the host origin's, and (the control) one inside a widget frame.
  const listen = () => {
    const seen: unknown[] = [];
    (window as unknown as { siblingsSeen: unknown[] }).siblingsSeen = seen;
    new BroadcastChannel('foyer.siblings').onmessage = (event) => seen.push(event.data);
  };
  const seen = (where: Page | Frame) =>
    where.evaluate(() => (window as unknown as { siblingsSeen: unknown[] }).siblingsSeen);
  await popup.evaluate(listen);
  await widgetDocument(popup, 'product-summary').evaluate(listen);

  // A real pick: the summary changes, the frame's listener sees the basket states, the host's none.
  await shop.pick('Monthly', 'Digital access');
  await expect.poll(async () => (await seen(widgetDocument(popup, 'product-summary'))).length).toBeGreaterThan(0);
  const captured = await seen(widgetDocument(popup, 'product-summary'));
  expect(JSON.stringify(captured)).toContain('basket');
  expect(await seen(popup)).toEqual([]);
  // Picking it again empties the basket: the replays below would fill it again.
  await shop.plan('Monthly', 'Digital access').click();
  await expect(shop.emptySummary).toBeVisible();
  const replays = captured.filter((message) => JSON.stringify(message).includes('Digital access'));
  expect(replays.length).toBeGreaterThan(0);

  // Replayed basket envelopes, forged ones, junk: over postMessage from both origins, and on the
  // host origin's own channel of the same name.
  await bombard(foreign, 'opened', hostileMessages(replays));
  await bombard(popup, 'self', hostileMessages(replays));
  await popup.evaluate(
    ({ name, replays }) => {
      const channel = new BroadcastChannel(name);
      for (const message of replays) channel.postMessage(message);
      channel.postMessage({ kind: 'hello', topic: 'basket', page: 'a'.repeat(32), from: 'b'.repeat(32) });
      channel.close();
    },
    { name: CHANNEL, replays },
  );
  // (The host origin's channel never reaches the frames' origin: only the posted messages are waited for.)
  await untilDelivered(popup, [
    { from: foreign, target: 'opened' },
    { from: popup, target: 'self' },
  ]);
  await expect(shop.emptySummary).toBeVisible();
  expect(await events()).toEqual([]);
  expect(errors).toEqual([]);

  // The control: the same replay from the widgets origin (a frame's own context) is taken.
  await widgetDocument(popup, 'product-selection').evaluate(
    ({ name, replays }) => {
      const channel = new BroadcastChannel(name);
      for (const message of replays) channel.postMessage(message);
    },
    { name: CHANNEL, replays },
  );
  await expect(shop.summary.getByText('Digital access').first()).toBeVisible();
});

const PAYLOADS = (
  JSON.parse(
    readFileSync(new URL('../../apps/frame/src/test/fixtures/xss-payloads.json', import.meta.url), 'utf8'),
  ) as {
    payloads: string[];
  }
).payloads;

/** ~20 varied payloads short enough for a name field: tags, handlers, URLs, templates, encodings. */
const CHOSEN = PAYLOADS.filter((payload) => payload.length <= 60)
  .filter((_, index, all) => index % Math.max(1, Math.floor(all.length / 20)) === 0)
  .slice(0, 20);

/** Every document (host and frames) gets a trap: calling `__xss()` or setting `window.__xss` records a hit. */
function installTrap(): void {
  const hits: string[] = [];
  const trap = () => hits.push('called');
  Object.defineProperty(window, '__xssHits', { value: hits });
  Object.defineProperty(window, '__xss', {
    get: () => trap,
    set: (value: unknown) => hits.push(`set ${String(value)}`),
  });
}

const hitsIn = (frame: Frame) =>
  frame
    .evaluate(() => (window as unknown as { __xssHits?: string[] }).__xssHits ?? ['no trap'])
    .catch((error: unknown) => [`unreadable: ${String(error)}`]);

test('profile values carrying XSS payloads render as text in profile and edit-profile', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  expect(CHOSEN.length).toBeGreaterThanOrEqual(18);
  await context.addInitScript(installTrap);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const errors = watchErrors(page);

  // An account whose names are payloads, activated through the mailed link.
  const email = uniqueEmail();
  const password = 'xss-pass-1';
  const pair = (index: number): [string, string] => [
    CHOSEN[index % CHOSEN.length]!,
    CHOSEN[(index + 1) % CHOSEN.length]!,
  ];
  const created = await request.post(`${stack.widgetsUrl}/ic/api/userProfile`, {
    headers: { authorization: 'Evolok evolok.api.service=demo', ...(await frameHeaders(stack.widgetsUrl)) },
    data: {
      realm: 'default',
      services: ['demo'],
      attributes: [
        { name: 'email', value: email },
        { name: 'password', value: password },
        { name: 'firstName', value: pair(0)[0] },
        { name: 'lastName', value: pair(0)[1] },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`${stack.widgetsUrl}/dev/mailbox`)).json()) as Array<{
        to: string;
        text: string;
      }>;
      link = mails
        .find((mail) => mail.to.includes(email) && mail.text.includes('/activate?'))
        ?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  const activation = new URL(link!);
  await page.goto(`${stack.demoUrl}${activation.pathname}${activation.search}`);
  await expect(widgetFrame(page, 'account-activation').getByRole('alert')).toContainText('activated');

  await page.goto(`${stack.demoUrl}/account`);
  await new LoginWidget(page).logIn(email, password);
  const edit = widgetFrame(page, 'edit-profile');
  const firstName = edit.getByLabel('First name', { exact: true });
  const lastName = edit.getByLabel('Last name', { exact: true });
  await expect(firstName).toHaveValue(pair(0)[0]);

  // The rest of the payloads, two per save; each is shown back as the exact text.
  for (let index = 2; index < CHOSEN.length; index += 2) {
    const [first, last] = pair(index);
    await firstName.fill(first);
    await lastName.fill(last);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit.getByText('Successfully Updated!')).toBeVisible();
    await expect(widgetFrame(page, 'profile').getByText(first, { exact: false }).first()).toBeVisible();
  }
  // A fresh render of the last values in every frame.
  await page.reload();
  await expect(firstName).toHaveValue(pair(CHOSEN.length - 2)[0]);

  const documents = page.frames();
  expect(documents.length).toBeGreaterThan(2);
  for (const frame of documents) expect(await hitsIn(frame), frame.url()).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);

  // The trap and the dialog watch work: a script that does run in a frame is caught.
  const profile = widgetDocument(page, 'profile');
  await profile.evaluate(() => {
    (window as unknown as { __xss: () => void }).__xss();
    (window as unknown as { __xss: number }).__xss = 1;
  });
  // (The frames' sandbox has no allow-modals: only the host page could open a dialog.)
  await page.evaluate(() => alert('control'));
  expect(await hitsIn(profile)).toEqual(['called', 'set 1']);
  expect(dialogs).toEqual(['control']);
});
