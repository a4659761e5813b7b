import { expect, hostPage, loaderTag, nextPaint, SANDBOX, test, widgetFrame } from './fixtures/test';

test('places a frame after its script tag with the exact sandbox, allow and title, and hands it its context', async ({
  page,
  servers,
  pageErrors,
}) => {
  const url = servers.page(
    '/placement',
    hostPage(`<h1>News</h1>${loaderTag('data-widget="login" data-show-header="false"')}<p id="after">after</p>`),
  );
  await page.goto(url + '?activationKey=k1&serviceName=news');
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveCount(1);
  await expect(iframe).toHaveAttribute('sandbox', SANDBOX);
  await expect(iframe).toHaveAttribute('allow', 'payment *;publickey-credentials-get;publickey-credentials-create');
  await expect(iframe).toHaveAttribute('title', 'Foyer login widget');
  // The service the frame is for (the page's setting), and the fragment naming the page instance
  // (the frames of one page share their basket under it).
  await expect(iframe).toHaveAttribute(
    'src',
    new RegExp(`^${servers.widgetsOrigin}/w/login\\?serviceName=news#page=[0-9a-f]{32}$`),
  );
  // right after the script tag, before the paragraph that followed it
  expect(await page.evaluate(() => document.querySelector('iframe')!.parentElement!.nextElementSibling!.id)).toBe(
    'after',
  );
  const frame = await widgetFrame(page, 'login');
  expect(await frame.evaluate(() => window.contexts[0])).toEqual({
    protocolVersion: 1,
    widget: 'login',
    attributes: { showHeader: 'false' },
    settings: {},
    query: { activationKey: 'k1', serviceName: 'news' },
    hostOrigin: servers.hostOrigin,
    hostPath: '/placement',
    inModal: false,
  });
  expect(pageErrors).toEqual([]);
});

test('the frame height follows its content growing and shrinking, with no inner scrollbar', async ({
  page,
  servers,
}) => {
  await page.goto(servers.page('/resize', hostPage(`${loaderTag()}<div data-foyer-widget="profile"></div>`)));
  const frame = await widgetFrame(page, 'profile');
  const iframe = page.locator('iframe');
  const height = () => iframe.evaluate((element) => element.getBoundingClientRect().height);
  const contentHeight = () => frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  const noScrollbar = () =>
    frame.evaluate(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight);

  await expect.poll(height).toBe(await contentHeight());
  for (const px of [900, 60, 400]) {
    await frame.evaluate((value) => window.setContentHeight(value), px);
    await expect.poll(height).toBe(await contentHeight());
    expect(await contentHeight()).toBeGreaterThanOrEqual(px);
    expect(await noScrollbar()).toBe(true);
  }
});

test('places placeholders, ones added later, and nothing twice when the loader is pasted twice', async ({
  page,
  servers,
}) => {
  await page.goto(
    servers.page(
      '/twice',
      hostPage(
        `${loaderTag('data-widget="login"')}<div id="a" data-foyer-widget="profile"></div>${loaderTag()}
        <div id="b" data-foyer-widget="nope"></div>`,
      ),
    ),
  );
  await widgetFrame(page, 'login');
  await widgetFrame(page, 'profile');
  await page.evaluate(() => {
    const later = document.createElement('div');
    later.innerHTML = '<div id="c" data-foyer-widget="edit-profile"></div>';
    document.body.append(later);
  });
  await widgetFrame(page, 'edit-profile');
  // the unknown widget: a visible error, not a blank space
  await expect(page.locator('#b [role="alert"]')).toContainText('unknown widget "nope"');
  // Once the page has painted after the loader's placements, no frame for the unknown widget came.
  await nextPaint(page);
  await expect(page.locator('iframe')).toHaveCount(3);
  await expect(page.locator('#a iframe, #c iframe')).toHaveCount(2);
});

test('replays calls queued by the async snippet stub before the loader arrived', async ({ page, servers }) => {
  const stub = `<script>
    window.Foyer = window.Foyer || { q: [] };
    ['on', 'off', 'mount', 'open', 'close', 'logout'].forEach(function (m) {
      Foyer[m] = Foyer[m] || function () { Foyer.q.push([m].concat([].slice.call(arguments))); };
    });
    Foyer.on('login.success', function (payload) { window.seen.push(['on', payload]); });
    Foyer.mount(document.getElementById('slot'), 'profile', { refreshInterval: 60 });
  </script>`;
  await page.goto(servers.page('/queue', hostPage(`<div id="slot"></div>${stub}${loaderTag()}`)));
  const frame = await widgetFrame(page, 'profile');
  expect(await frame.evaluate(() => window.contexts[0]!.attributes)).toEqual({ refreshInterval: '60' });
  await frame.evaluate(() => window.host.publish!({ name: 'login.success', payload: { guid: 'g1' } }));
  await expect.poll(() => page.evaluate(() => window.seen)).toEqual([['on', { guid: 'g1' }]]);
});

test('Foyer.logout asks a connected frame, and rejects clearly when there is none', async ({ page, servers }) => {
  await page.goto(servers.page('/logout', hostPage(`${loaderTag()}<div id="slot"></div>`)));
  await page.waitForFunction(() => 'scan' in (window.Foyer ?? {}));
  const none = await page.evaluate(() => window.Foyer.logout().then(String, (error: Error) => error.message));
  expect(none).toMatch(/no widget frame is connected/);
  await page.evaluate(() => window.Foyer.mount(document.getElementById('slot')!, 'profile'));
  const frame = await widgetFrame(page, 'profile');
  await page.evaluate(() => window.Foyer.logout());
  expect(await frame.evaluate(() => window.loggedOut)).toBe(1);
});

test('a reloaded frame reconnects and pulls its context again', async ({ page, servers }) => {
  await page.goto(
    servers.page(
      '/reload',
      hostPage(`${loaderTag()}<div data-foyer-widget="login" data-x="1"></div><div data-foyer-widget="profile"></div>`),
    ),
  );
  const login = await widgetFrame(page, 'login');
  await login.evaluate(() => {
    window.received.push({ name: 'before reload', payload: {} });
    setTimeout(() => location.reload(), 0);
  });
  const reconnected = () =>
    login.evaluate(() => window.received.length === 0 && window.contexts.length === 1).catch(() => false);
  await expect.poll(reconnected).toBe(true);
  expect(await login.evaluate(() => window.contexts[0]!.attributes)).toEqual({ x: '1' });
  const profile = await widgetFrame(page, 'profile');
  await profile.evaluate(() => window.host.publish!({ name: 'session.refresh', payload: {} }));
  await expect
    .poll(() => login.evaluate(() => window.received.map((event) => event.name)))
    .toEqual(['session.refresh']);
});
