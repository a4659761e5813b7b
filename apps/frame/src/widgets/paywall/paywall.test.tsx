import '../../test/setup';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLocale, setLocale } from '../../app/i18n';
import { paywallAttributesSchema, paywallNotifierAttributesSchema } from '@foyer/protocol/paywall-attributes';
import { registerEventSchemas } from '@foyer/protocol';
import { paywallEventPayloadSchemas } from '@foyer/protocol/paywall-attributes';
import { fakeIdentityServer, makeHarness, renderWith, type Handler } from '../../test/harness';
import PaywallNotifierWidget from '../paywall-notifier';
import PaywallWidget from './index';
import { writeBasket } from '../../app/store/basketStorage';
import { digitalBasket, logIn, settle } from '../../features/checkout/test/testData';

registerEventSchemas(paywallEventPayloadSchemas);

const PAGE = 'http://localhost:8080/premium-article.html?utm=x';
const ALLOWED = {
  result: 'ALLOW_ACCESS',
  requireEntitlement: false,
  segments: ['all'],
  activeMeter: { count: 2, max: 3 },
};
const DENIED = {
  result: 'REQUIRE_LOGIN',
  requireEntitlement: true,
  segments: ['all'],
  exceededMeter: { count: 3, max: 3 },
};
const HOSTILE =
  '<h2>Subscribe</h2><script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2">' +
  '<a href="javascript:window.pwned = 3">Offer</a><a href="https://example.com/offer">Details</a>';

function setup(
  Widget: typeof PaywallWidget | typeof PaywallNotifierWidget,
  attributes: Record<string, string>,
  answers: { decision: Handler; inModal?: boolean; storedMeter?: string | null; notifierModal?: boolean },
) {
  const server = fakeIdentityServer({
    'POST /paywall/authorize': answers.decision,
    'GET /widgets/templates/paywall': (request) => ({
      status: 200,
      body: { content: HOSTILE, displayOn: request.query.get('displayOn'), modal: false },
    }),
    'GET /widgets/templates/notifier': (request) => ({
      status: 200,
      body: {
        content: `<p>Read ${request.query.get('count')} of ${request.query.get('total')}</p>`,
        displayOn: 'meter',
        modal: answers.notifierModal ?? false,
      },
    }),
  });
  const schema = Widget === PaywallWidget ? paywallAttributesSchema : paywallNotifierAttributesSchema;
  const parsed = schema.parse(attributes);
  const harness = makeHarness({
    fetch: server.fetch,
    attributes: parsed,
    frame: { hostUrl: PAGE, inModal: answers.inModal ?? false },
  });
  // The host site's own storage, as the loader keeps it.
  let stored = answers.storedMeter ?? null;
  harness.services.host.meter = (id) => {
    if (id) stored = id;
    return Promise.resolve(stored);
  };
  renderWith(harness, <Widget attributes={parsed as never} />);
  return { server, harness, stored: () => stored, user: userEvent.setup() };
}

describe('paywall widget', () => {
  it('authorizes the page with the stored meter id, keeps the new one, and shows the meter while allowed', async () => {
    const { server, harness, stored } = setup(
      PaywallWidget,
      { section: 'news', tags: 'a, b' },
      { decision: () => ({ status: 200, body: { ...ALLOWED, meterId: 'issued-meter-id' } }), storedMeter: 'old-id' },
    );
    expect(await screen.findByText('Read 2 of 3')).toBeTruthy();
    expect(server.requests[0]!.body).toEqual({ page: PAGE, section: 'news', tags: ['a', 'b'], meterId: 'old-id' });
    expect(server.requests[0]!.headers.get('authorization')).toContain('demo');
    expect(stored()).toBe('issued-meter-id');
    // The page learns the decision, never the meter id.
    expect(harness.published).toEqual([{ name: 'paywall.authorized', payload: ALLOWED }]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the template, sanitised, with login, registration and the plans when denied', async () => {
    const { harness, user } = setup(
      PaywallWidget,
      { groupName: 'demo' },
      { decision: () => ({ status: 200, body: DENIED }) },
    );
    expect(await screen.findByRole('heading', { name: 'Subscribe' })).toBeTruthy();
    const offer = document.querySelector('.paywall-template')!;
    expect(offer.querySelector('script')).toBeNull();
    expect(offer.querySelector('img')!.getAttribute('onerror')).toBeNull();
    const links = [...offer.querySelectorAll('a')];
    expect(links[0]!.getAttribute('href')).toBeNull();
    expect(links[1]!.getAttribute('target')).toBe('_blank');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    expect(harness.published).toContainEqual({ name: 'paywall.shown', payload: { template: 'both', modal: false } });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await user.click(screen.getByRole('button', { name: 'Choose a plan' }));
    expect(harness.opened).toEqual([
      { widget: 'login', attributes: {} },
      { widget: 'registration', attributes: { autoLogin: 'true' } },
      { widget: 'product-selection', attributes: { groupName: 'demo', handOver: 'true' } },
    ]);
  });

  it('checks out the plan chosen in the product selection it offered (login first without a session)', async () => {
    const { harness } = setup(
      PaywallWidget,
      { groupName: 'demo' },
      { decision: () => ({ status: 200, body: DENIED }) },
    );
    await screen.findByRole('button', { name: 'Choose a plan' });
    writeBasket(harness.storage.tab, digitalBasket());
    act(() => harness.services.events.emit({ name: 'productSelection.success', payload: { productCount: 1 } }));
    await settle();
    await waitFor(() => expect(harness.opened).toEqual([{ widget: 'login', attributes: { showRegister: 'true' } }]));
    expect(harness.published).toContainEqual({ name: 'checkout.started', payload: { productCount: 1 } });
  });

  it('still tells how the checkout ended when the login on its way allowed access', async () => {
    let loggedIn = false;
    const server = fakeIdentityServer({
      'POST /paywall/authorize': () => ({ status: 200, body: loggedIn ? ALLOWED : DENIED }),
      'GET /widgets/templates/paywall': () => ({
        status: 200,
        body: { content: '<h2>Offer</h2>', displayOn: 'both', modal: false },
      }),
      'GET /widgets/templates/notifier': () => ({
        status: 200,
        body: { content: '<p>Meter</p>', displayOn: 'meter', modal: false },
      }),
      'POST /pm/api/widget/order': () => ({
        status: 409,
        body: [{ appErrorCode: 'plan_already_subscribed', message: 'x', httpErrorCode: 409 }],
      }),
    });
    const parsed = paywallAttributesSchema.parse({ groupName: 'demo' });
    const harness = makeHarness({
      fetch: server.fetch,
      attributes: parsed,
      frame: { hostUrl: PAGE },
      settings: { skipProfile: true, skipValidation: true, skipSummary: true },
    });
    harness.services.host.meter = () => Promise.resolve(null);
    renderWith(harness, <PaywallWidget attributes={parsed} />);
    await screen.findByRole('button', { name: 'Choose a plan' });
    writeBasket(harness.storage.tab, digitalBasket());
    // The visitor registered in the checkout: a new account's free views allow the article.
    loggedIn = true;
    logIn(harness);
    act(() => harness.services.events.emit({ name: 'login.success', payload: { guid: 'guid-1' } }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Choose a plan' })).toBeNull());
    act(() => harness.services.events.emit({ name: 'productSelection.success', payload: { productCount: 1 } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveProperty('textContent', expect.stringContaining('You already have this subscription'));
  });

  it('asks again after a purchase and steps aside when access is allowed', async () => {
    let paid = false;
    const { harness, server } = setup(
      PaywallWidget,
      { groupName: 'demo' },
      { decision: () => ({ status: 200, body: paid ? { ...ALLOWED, activeMeter: undefined } : DENIED }) },
    );
    await screen.findByRole('button', { name: 'Choose a plan' });
    paid = true;
    act(() => harness.services.events.emit({ name: 'payment.success', payload: { orderId: 'o-1' } }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Choose a plan' })).toBeNull());
    expect(server.requests.filter((request) => request.path === '/paywall/authorize')).toHaveLength(2);
  });

  it('in modal mode opens its copy in the modal once, and leaves for redirectPath when it is closed', async () => {
    const { harness } = setup(
      PaywallWidget,
      { modal: 'true', redirectPath: '/home', section: 'news' },
      { decision: () => ({ status: 200, body: { ...DENIED, requireEntitlement: false } }) },
    );
    await waitFor(() =>
      expect(harness.opened).toEqual([
        { widget: 'paywall', attributes: { redirectPath: '/home', modal: 'true', section: 'news' } },
      ]),
    );
    expect(screen.queryByRole('button')).toBeNull();
    // Shown once: the copy in the modal tells the page, not this one as well.
    expect(harness.published.map((event) => event.name)).toEqual(['paywall.authorized']);
    act(() => harness.services.events.emit({ name: 'modal.dismissed', payload: { widget: 'paywall' } }));
    expect(harness.navigations).toEqual(['/home']);
  });

  it('the copy in the modal shows the offer and does not publish the decision again', async () => {
    const { harness } = setup(
      PaywallWidget,
      { modal: 'true' },
      { decision: () => ({ status: 200, body: DENIED }), inModal: true },
    );
    await screen.findByRole('button', { name: 'Log in' });
    expect(harness.published).toEqual([{ name: 'paywall.shown', payload: { template: 'both', modal: true } }]);
    expect(harness.opened).toEqual([]);
  });
});

describe("the templates in the page's language", () => {
  afterEach(() => setLocale('en'));

  it("asks for the paywall and the notifier template in the frame's locale", async () => {
    await loadLocale('pt-BR');
    const denied = setup(PaywallWidget, {}, { decision: () => ({ status: 200, body: DENIED }) });
    await screen.findByRole('button', { name: 'Entrar' });
    const paywall = denied.server.requests.find((request) => request.path === '/widgets/templates/paywall')!;
    expect(paywall.query.get('locale')).toBe('pt-BR');
    cleanup();
    const allowed = setup(PaywallNotifierWidget, {}, { decision: () => ({ status: 200, body: ALLOWED }) });
    await screen.findByText('Read 2 of 3');
    const notifier = allowed.server.requests.find((request) => request.path === '/widgets/templates/notifier')!;
    expect(notifier.query.get('locale')).toBe('pt-BR');
  });
});

describe('paywall-notifier widget', () => {
  it('shows the count and total while access is allowed, nothing when denied', async () => {
    const { harness } = setup(PaywallNotifierWidget, {}, { decision: () => ({ status: 200, body: ALLOWED }) });
    expect(await screen.findByText('Read 2 of 3')).toBeTruthy();
    expect(harness.published).toEqual([{ name: 'paywallNotifier.shown', payload: { count: 2, max: 3 } }]);
  });
});

// Issue 32, item 14: the modal notifier (identity spec §2, §9: size md) and the template's modal flag.
describe('paywall-notifier in the modal', () => {
  it.each([
    ['the attribute modal', { modal: 'true', section: 'news' }, false],
    ["the template's modal flag", { section: 'news' }, true],
  ] as const)('%s: opens its copy in the modal once, and shows nothing in place', async (_, attributes, flag) => {
    const { harness } = setup(PaywallNotifierWidget, attributes, {
      decision: () => ({ status: 200, body: ALLOWED }),
      notifierModal: flag,
    });
    await waitFor(() =>
      expect(harness.opened).toEqual([{ widget: 'paywall-notifier', attributes: { modal: 'true', section: 'news' } }]),
    );
    expect(screen.queryByText('Read 2 of 3')).toBeNull();
    // Said for screen readers where the meter would have been.
    expect(screen.getByText('Your free articles are shown in a dialog.')).toBeTruthy();
    // The copy in the modal tells the page, not this one as well.
    expect(harness.published.map((event) => event.name)).not.toContain('paywallNotifier.shown');
  });

  it('the attribute modal=false keeps it in place whatever the template says', async () => {
    const { harness } = setup(
      PaywallNotifierWidget,
      { modal: 'false' },
      { decision: () => ({ status: 200, body: ALLOWED }), notifierModal: true },
    );
    expect(await screen.findByText('Read 2 of 3')).toBeTruthy();
    expect(harness.opened).toEqual([]);
  });

  it('the copy in the modal shows the meter and tells the page', async () => {
    const { harness } = setup(
      PaywallNotifierWidget,
      { modal: 'true' },
      { decision: () => ({ status: 200, body: ALLOWED }), inModal: true, notifierModal: true },
    );
    expect(await screen.findByText('Read 2 of 3')).toBeTruthy();
    expect(harness.opened).toEqual([]);
    expect(harness.published).toEqual([{ name: 'paywallNotifier.shown', payload: { count: 2, max: 3 } }]);
  });

  it('nothing opens while access is denied', async () => {
    const { harness, server } = setup(
      PaywallNotifierWidget,
      { modal: 'true' },
      { decision: () => ({ status: 200, body: DENIED }) },
    );
    await waitFor(() => expect(server.requests.map((request) => request.path)).toContain('/paywall/authorize'));
    await screen.findByRole('heading', { name: 'Free articles' });
    expect(harness.opened).toEqual([]);
  });
});
