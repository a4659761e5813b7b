import { expect, hostPage, loaderTag, roundTrip, test, widgetFrame } from './fixtures/test';

const listeners = `<script>
  addEventListener('foyer:login.success', (event) => window.seen.push(['dom', event.detail]));
  window.Foyer = { q: [['on', 'login.success', (payload, name) => window.seen.push(['on', name, payload])]] };
</script>`;

test('an event from frame A reaches frame B, Foyer.on handlers and window, not A itself', async ({ page, servers }) => {
  await page.goto(
    servers.page(
      '/events',
      hostPage(
        `${listeners}${loaderTag()}<div data-foyer-widget="login"></div><div data-foyer-widget="profile"></div>`,
      ),
    ),
  );
  const a = await widgetFrame(page, 'login');
  const b = await widgetFrame(page, 'profile');
  await a.evaluate(() => window.host.publish!({ name: 'login.success', payload: { guid: 'g1' } }));
  await expect
    .poll(() => b.evaluate(() => window.received))
    .toEqual([{ name: 'login.success', payload: { guid: 'g1' } }]);
  await expect
    .poll(() => page.evaluate(() => window.seen))
    .toEqual([
      ['on', 'login.success', { guid: 'g1' }],
      ['dom', { guid: 'g1' }],
    ]);
  expect(await a.evaluate(() => window.received)).toEqual([]);
});

test('a hostile host page or foreign frame changes nothing and crashes nothing', async ({ page, servers }) => {
  await page.goto(
    servers.page(
      '/hostile',
      hostPage(
        `${listeners}${loaderTag()}<div data-foyer-widget="login"></div><div data-foyer-widget="profile"></div>`,
      ),
    ),
  );
  const a = await widgetFrame(page, 'login');
  await widgetFrame(page, 'profile');
  const heightBefore = await page.locator('iframe').first().getAttribute('style');

  // 1. Malformed messages to the frames; malformed and penpal-shaped ones to the loader's window.
  // (Penpal messages forged by the page's own script are not posted into the frames: the page is
  // the frame's legitimate parent, so a forged handshake there only breaks its own widgets.)
  await page.evaluate(() => {
    const malformed: unknown[] = [
      null,
      'SYN',
      42,
      [1, 2],
      { namespace: 'penpal' },
      { namespace: 'other', type: 'CALL' },
    ];
    const forged: unknown[] = [
      { namespace: 'penpal', type: 'SYN', participantId: 'zzzz', channel: undefined },
      { namespace: 'penpal', type: 'ACK1', methodPaths: [], channel: undefined },
      { namespace: 'penpal', type: 'ACK2', channel: undefined },
      {
        namespace: 'penpal',
        type: 'CALL',
        id: '1',
        methodPath: ['publish'],
        args: [{ name: 'login.success', payload: {} }],
      },
      { namespace: 'penpal', type: 'CALL', id: '2', methodPath: ['resize'], args: [5] },
      { namespace: 'penpal', type: 'CALL', id: '3', methodPath: ['navigate'], args: ['https://evil.example.com/'] },
      { namespace: 'penpal', type: 'DESTROY' },
    ];
    for (const message of malformed) {
      for (const frame of document.querySelectorAll('iframe')) frame.contentWindow!.postMessage(message, '*');
    }
    for (const message of [...malformed, ...forged]) postMessage(message, '*');
  });
  // 2. A frame of a foreign origin posting penpal calls to the host page.
  await page.evaluate((foreign) => {
    const evil = document.createElement('iframe');
    evil.src = foreign + '/w/login';
    evil.id = 'evil';
    document.body.append(evil);
  }, servers.foreignOrigin);
  await page.frameLocator('#evil').locator('#field').waitFor();
  const evil = page.frames().find((frame) => frame.url().startsWith(servers.foreignOrigin))!;
  await evil.evaluate(() => {
    for (const type of ['SYN', 'ACK1', 'ACK2', 'CALL'])
      parent.postMessage(
        {
          namespace: 'penpal',
          type,
          participantId: 'zzzz',
          id: 'x',
          methodPath: ['publish'],
          args: [{ name: 'login.success', payload: {} }],
        },
        '*',
      );
  });
  // 3. The host page points a widget frame at a foreign origin: the loader must not trust it.
  const { widgetsOrigin, foreignOrigin } = servers;
  await page.evaluate(
    ([from, to]) => {
      const frame = document.querySelectorAll('iframe')[1]!;
      frame.src = frame.src.replace(from!, to!);
    },
    [widgetsOrigin, foreignOrigin],
  );
  const hijacked = await (async () => {
    await expect.poll(() => page.frames().filter((frame) => frame.url().startsWith(foreignOrigin)).length).toBe(2);
    return page.frames().filter((frame) => frame.url().startsWith(foreignOrigin))[1]!;
  })();
  await hijacked.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => {
    const state = window as unknown as { markers: number };
    state.markers = 0;
    addEventListener('message', (event) => event.data === 'e2e-marker' && (state.markers += 1));
  });
  await hijacked.evaluate(() => {
    parent.postMessage({ namespace: 'penpal', type: 'SYN', participantId: 'zzzz', channel: undefined }, '*');
    // Messages from one window to another arrive in order: once this one is in, the SYN was handled.
    parent.postMessage('e2e-marker', '*');
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { markers: number }).markers)).toBe(1);

  // Nothing reached the page's handlers, resized a frame or navigated. (What the page's own
  // script posts into a frame comes from an allowed origin: the frame's schemas judge it.)
  expect(await page.evaluate(() => window.seen)).toEqual([]);
  expect(await page.locator('iframe').first().getAttribute('style')).toBe(heightBefore);
  expect(page.url()).toContain('/hostile');

  // The real frames still work.
  await a.evaluate(() => window.host.publish!({ name: 'login.success', payload: { guid: 'ok' } }));
  await expect.poll(() => page.evaluate(() => window.seen.length)).toBe(2);
  // The hijacked frame (now of a foreign origin) never got a context or an event from the loader:
  // a marker the page posts to it after the publish arrives after anything the loader sent it.
  await hijacked.evaluate(() => {
    const state = window as unknown as { marked: boolean };
    state.marked = false;
    addEventListener('message', (event) => event.data === 'e2e-marker' && (state.marked = true));
  });
  await (
    await hijacked.frameElement()
  ).evaluate((element) => (element as HTMLIFrameElement).contentWindow!.postMessage('e2e-marker', '*'));
  await expect.poll(() => hijacked.evaluate(() => (window as unknown as { marked: boolean }).marked)).toBe(true);
  expect(await hijacked.evaluate(() => [window.contexts, window.received])).toEqual([[], []]);
});

test('bad arguments from a frame are ignored without throwing into the page', async ({ page, servers }) => {
  await page.goto(
    servers.page('/bad-args', hostPage(`${listeners}${loaderTag()}<div data-foyer-widget="login"></div>`)),
  );
  const frame = await widgetFrame(page, 'login');
  const iframe = page.locator('iframe');
  await expect.poll(() => iframe.evaluate((element) => element.style.height)).not.toBe('0px');
  const height = await iframe.evaluate((element) => element.style.height);
  await frame.evaluate(async () => {
    const host = window.host;
    for (const bad of [-1, 1e9, 'tall', null, { h: 1 }]) await host.resize!(bad);
    for (const bad of [null, 'login.success', { name: 'evil', payload: {} }, { name: 'login.success', payload: 'x' }])
      await host.publish!(bad);
    await host.publish!({ name: 'login.success', payload: { big: 'x'.repeat(20_000) } });
    await host.close!();
    await host.escape!();
  });
  expect(await iframe.evaluate((element) => element.style.height)).toBe(height);
  expect(await page.evaluate(() => window.seen)).toEqual([]);
});

test('a frame asking to navigate the top window to javascript:, data: or another http origin is refused', async ({
  page,
  servers,
}) => {
  const url = servers.page(
    '/navigate',
    hostPage(`${loaderTag()}<div data-foyer-widget="paywall"></div><div data-foyer-widget="profile"></div>`),
  );
  servers.page('/landed', hostPage('<h1>landed</h1>'));
  await page.goto(url);
  const paywall = await widgetFrame(page, 'paywall');
  const profile = await widgetFrame(page, 'profile');
  let dialogs = 0;
  page.on('dialog', (dialog) => void (dialogs++, dialog.dismiss()));
  const refused = await paywall.evaluate(async () => [
    await window.host.navigate!('javascript:alert(1)'),
    await window.host.navigate!('data:text/html,<script>alert(1)</script>'),
    await window.host.navigate!('http://evil.example.com/'),
    await window.host.navigate!('//evil.example.com/'),
  ]);
  expect(refused).toEqual([false, false, false, false]);
  // profile is not a redirecting widget: even a same-origin path is refused
  expect(await profile.evaluate(() => window.host.navigate!('/landed'))).toBe(false);
  await roundTrip(profile);
  expect(page.url()).toBe(url);
  expect(dialogs).toBe(0);

  // Not awaited in the frame: the page leaves, taking the frame with it, before the answer can
  // come back (the evaluate then failed with 'Frame was detached').
  await paywall.evaluate(() => {
    void window.host.navigate!('/landed?from=paywall');
  });
  await page.waitForURL(`${servers.hostOrigin}/landed?from=paywall`);
});
