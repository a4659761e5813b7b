import '../../test/setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FRAME_TOKEN_HEADER } from '@foyer/api';
import { BASKET_KEY, type Basket, type ProfileGroups } from '@foyer/api/widget';
import { productProfileAttributesSchema } from '@foyer/protocol/purchase-attributes';
import { sessionStarted } from '../../app/store/sessionSlice';
import { SESSION_STORAGE_KEY } from '../../app/store/sessionStorage';
import type { Grecaptcha, RecaptchaRenderParameters } from '../../ui/form/recaptcha';
import {
  DEMO_SERVICE,
  FRAME_TOKEN,
  fakeIdentityServer,
  makeHarness,
  renderWith,
  SESSION_ID,
  sessionBody,
  type Handler,
  type RecordedRequest,
} from '../../test/harness';
import ProductProfileWidget from './index';
import {
  basketOf,
  BRUSSELS,
  DIGITAL,
  INVOICED,
  PRINT,
  USER_GROUPS,
  VISITOR_GROUPS,
} from '../../features/checkout/test/profileTestData';

const PM = '/pm/api/widget';

// Whole-form journeys (a dozen fields, several submits): 5 s is too tight on the shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  // jsdom has no CSS.escape, which user-event's arrow-key walk through a radio group needs.
  const css = (globalThis.CSS ?? {}) as { escape?: (value: string) => string };
  css.escape ??= (value: string) => value.replace(/["\\]/g, '\\$&');
  (globalThis as { CSS?: unknown }).CSS = css;
});

const savedProfile = (guid: string) => ({ guid, attributes: [], savedAddresses: [] });

interface Setup {
  basket?: Basket;
  attributes?: Record<string, string>;
  settings?: Record<string, unknown>;
  loggedIn?: boolean;
  routes?: Record<string, Handler>;
  groups?: { visitor?: ProfileGroups; user?: ProfileGroups };
}

function setup(options: Setup = {}) {
  const hasSession = (request: RecordedRequest) => request.headers.get('authorization')?.includes(SESSION_ID);
  const server = fakeIdentityServer({
    // Like the server: with a session, values and saved addresses and no authDetails.
    [`GET ${PM}/profile/attributeGroups/demo`]: (request) => ({
      status: 200,
      body: hasSession(request) ? (options.groups?.user ?? USER_GROUPS) : (options.groups?.visitor ?? VISITOR_GROUPS),
    }),
    [`POST ${PM}/profile/demo`]: () => ({ status: 201, body: savedProfile('guid-new') }),
    [`PUT ${PM}/profile/demo`]: () => ({ status: 200, body: savedProfile('guid-1') }),
    [`POST ${PM}/profile/login/demo`]: () => ({ status: 200, body: sessionBody({ guid: 'guid-new' }) }),
    ...options.routes,
  });
  const attributes = productProfileAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({ fetch: server.fetch, attributes, settings: options.settings });
  if (options.basket) harness.storage.tab.setItem(BASKET_KEY, JSON.stringify(options.basket));
  if (options.loggedIn) {
    harness.store.dispatch(
      sessionStarted({ guid: 'guid-1', sessionId: SESSION_ID, expiry: Date.now() + 3_600_000, sessionCookie: false }),
    );
  }
  renderWith(harness, <ProductProfileWidget attributes={attributes} />);
  const user = userEvent.setup();
  const calls = (method: string, path: string) =>
    server.requests.filter((request) => request.method === method && request.path === `${PM}${path}`);
  const basket = () => JSON.parse(harness.storage.tab.getItem(BASKET_KEY) ?? 'null') as Basket | null;
  return { server, harness, user, calls, basket };
}

type User = ReturnType<typeof userEvent.setup>;

/** Types by pasting: one input event per field keeps the many-field tests fast on a busy machine. */
async function enter(user: User, input: HTMLElement, value: string) {
  await user.click(input);
  await user.paste(value);
}

const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label, { exact: true, selector: 'input' });
const region = (name: string) => screen.getByRole('region', { name });
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function fillVisitor(user: User, confirm = 'secret-pass-1') {
  await enter(user, await screen.findByLabelText('Email', { selector: 'input' }), 'buyer@foyer.test');
  await enter(user, field('Password'), 'secret-pass-1');
  await enter(user, field('Confirm Password'), confirm);
  await enter(user, field('First name'), 'Ada');
  await enter(user, field('Last name'), 'Lovelace');
}

async function fillAddress(user: User, section: HTMLElement, values: Record<string, string> = BRUSSELS) {
  const labels: Record<string, string> = {
    fullName: 'Full name',
    line1: 'Address line 1',
    city: 'City',
    postalCode: 'Postal code',
    country: 'Country',
  };
  for (const [name, value] of Object.entries(values)) {
    if (name === 'country') await user.selectOptions(within(section).getByRole('combobox', { name: 'Country' }), value);
    else await enter(user, field(labels[name]!, section), value);
  }
}

const failed = (harness: ReturnType<typeof setup>['harness']) =>
  harness.published.filter((event) => event.name === 'productProfile.failed');

describe('product-profile: sections and labels (purchase spec §2)', () => {
  it('shows a visitor the auth details with the Confirm field, personal and other details, and no address without need', async () => {
    setup({ basket: basketOf(DIGITAL) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeTruthy();
    const account = region('Account');
    expect(field('Email', account).getAttribute('autocomplete')).toBe('email');
    expect(field('Password', account).getAttribute('type')).toBe('password');
    const confirm = field('Confirm Password', account);
    expect(confirm.getAttribute('type')).toBe('password');
    expect(confirm.getAttribute('autocomplete')).toBe('new-password');
    expect(field('First name', region('Personal details')).getAttribute('autocomplete')).toBe('given-name');
    expect(field('Phone', region('Other details')).getAttribute('autocomplete')).toBe('tel');
    expect(screen.queryByRole('region', { name: 'Delivery address' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Billing address' })).toBeNull();
  });

  it('shows the delivery section a basket product requires, with the server’s shipping autocomplete tokens', async () => {
    setup({ basket: basketOf(DIGITAL, PRINT) });
    const delivery = await screen.findByRole('region', { name: 'Delivery address' });
    expect(field('Address line 1', delivery).getAttribute('autocomplete')).toBe('shipping address-line1');
    expect(field('Postal code', delivery).getAttribute('autocomplete')).toBe('shipping postal-code');
    expect(field('City', delivery).getAttribute('autocomplete')).toBe('shipping address-level2');
    const country = within(delivery).getByRole('combobox', { name: 'Country' });
    expect(country.getAttribute('autocomplete')).toBe('shipping country');
    // Every country, named in the visitor's language, the ISO code as the value.
    expect(within(country).getByRole('option', { name: 'Belgium' }).getAttribute('value')).toBe('BE');
    expect(field('Full name', delivery).getAttribute('aria-required')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Billing address' })).toBeNull();
  });

  it('shows the billing section with showBilling, optional, with billing tokens; showLabels=false keeps the labels for assistive technology', async () => {
    setup({ attributes: { showBilling: 'true', showLabels: 'false' } });
    const billing = await screen.findByRole('region', { name: 'Billing address' });
    expect(field('Postal code', billing).getAttribute('autocomplete')).toBe('billing postal-code');
    expect(field('Address line 1', billing).getAttribute('autocomplete')).toBe('billing address-line1');
    expect(field('Full name', billing).getAttribute('aria-required')).toBe('false');
    expect(billing.querySelector('label.visually-hidden')).not.toBeNull();
  });

  it('shows a logged-in user no auth details and fills the stored values', async () => {
    setup({ loggedIn: true });
    expect(await screen.findByDisplayValue('Demo')).toBe(field('First name'));
    expect(screen.queryByRole('region', { name: 'Account' })).toBeNull();
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
  });

  it('shows a load failure with a retry, and publishes productProfile.failed', async () => {
    let fail = true;
    const { user, harness } = setup({
      routes: {
        [`GET ${PM}/profile/attributeGroups/demo`]: () =>
          fail
            ? { status: 404, body: { code: 'SERVICE_NOT_FOUND', args: ['demo'] } }
            : { status: 200, body: VISITOR_GROUPS },
      },
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(failed(harness)).toEqual([
      { name: 'productProfile.failed', payload: { code: 'SERVICE_NOT_FOUND', statusCode: 404 } },
    ]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email', { selector: 'input' })).toBeTruthy();
  });
});

describe('product-profile: submit rules (purchase spec §5)', () => {
  it('flags every empty mandatory attribute: INVALID_FORM "Invalid profile", aria-invalid, messages, focus, productProfile.failed', async () => {
    const { user, harness, server } = setup({ basket: basketOf(DIGITAL) });
    await screen.findByLabelText('Email', { selector: 'input' });
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid profile');
    for (const label of ['Email', 'Password', 'Confirm Password', 'First name', 'Last name']) {
      expect(field(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(field('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('First name is required.')).toBeTruthy();
    expect(field('First name').getAttribute('aria-describedby')).toBe(screen.getByText('First name is required.').id);
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(failed(harness)).toEqual([
      { name: 'productProfile.failed', payload: { code: 'INVALID_FORM', statusCode: 400 } },
    ]);
    expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('refuses a Confirm field that differs from the second auth attribute, then saves once it matches', async () => {
    const { user, calls } = setup({ basket: basketOf(DIGITAL) });
    await fillVisitor(user, 'secret-pass-2');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    expect(screen.getByText('Password and Confirm Password do not match')).toBeTruthy();
    expect(field('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Confirm Password')));
    expect(calls('POST', '/profile/demo')).toHaveLength(0);
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), 'secret-pass-1');
    await user.click(submit());
    await waitFor(() => expect(calls('POST', '/profile/demo')).toHaveLength(1));
  });

  it('requires the delivery address a product requires: its mandatory fields are flagged', async () => {
    const { user, calls } = setup({ basket: basketOf(PRINT) });
    await fillVisitor(user);
    const delivery = region('Delivery address');
    await user.type(field('Address line 1', delivery), '1 Rue de la Loi');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    for (const label of ['Full name', 'City', 'Postal code']) {
      expect(field(label, delivery).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(within(delivery).getByRole('combobox', { name: 'Country' }).getAttribute('aria-invalid')).toBe('true');
    expect(field('Address line 1', delivery).getAttribute('aria-invalid')).toBeNull();
    expect(field('Address line 2', delivery).getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field('Full name', delivery)));
    expect(calls('POST', '/profile/demo')).toHaveLength(0);
  });

  it('leaves an optional (showBilling) address alone while empty, and checks it once something is typed', async () => {
    const { user, calls } = setup({ attributes: { showBilling: 'true' }, basket: basketOf(DIGITAL) });
    await fillVisitor(user);
    const billing = region('Billing address');
    await user.type(field('City', billing), 'Brussels');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    expect(field('Full name', billing).getAttribute('aria-invalid')).toBe('true');
    await user.clear(field('City', billing));
    await user.click(submit());
    await waitFor(() => expect(calls('POST', '/profile/demo')).toHaveLength(1));
    expect(calls('POST', '/profile/demo')[0]!.body).not.toContainEqual(
      expect.objectContaining({ name: expect.stringMatching(/^billingAddress\./) }),
    );
  });

  it('accepts a required billing address through "Use the delivery address for billing" and copies it to the basket', async () => {
    const { user, basket, calls } = setup({ basket: basketOf(PRINT, INVOICED) });
    await fillVisitor(user);
    const billing = region('Billing address');
    // Without the reuse the billing fields are required as well.
    await fillAddress(user, region('Delivery address'));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    expect(field('City', billing).getAttribute('aria-invalid')).toBe('true');

    await user.click(within(billing).getByRole('checkbox', { name: 'Use the delivery address for billing' }));
    expect(within(billing).queryByLabelText('City')).toBeNull();
    // The reverse checkbox is withdrawn while this one is on (no circular reuse).
    expect(screen.queryByRole('checkbox', { name: 'Use the billing address for delivery' })).toBeNull();
    await user.click(submit());
    await waitFor(() => expect(screen.getByText('Your details have been saved.')).toBeTruthy());
    const sent = calls('POST', '/profile/demo')[0]!.body as { name: string; value: string }[];
    expect(sent.filter((pair) => pair.name.startsWith('billingAddress.'))).toEqual([]);
    expect(basket()).toMatchObject({
      deliveryAddressGroup: { values: BRUSSELS },
      billingAddressGroup: { values: BRUSSELS },
    });
  });

  it('"Use the billing address for delivery" hides the delivery fields and requires the billing address instead', async () => {
    const { user, basket } = setup({ basket: basketOf(PRINT), attributes: { showBilling: 'true' } });
    await fillVisitor(user);
    const delivery = region('Delivery address');
    await user.click(within(delivery).getByRole('checkbox', { name: 'Use the billing address for delivery' }));
    expect(within(delivery).queryByLabelText('City')).toBeNull();
    const billing = region('Billing address');
    // Optional on its own, the billing address is now mandatory: it stands in for the required delivery one.
    expect(field('City', billing).getAttribute('aria-required')).toBe('true');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    expect(field('City', billing).getAttribute('aria-invalid')).toBe('true');
    await fillAddress(user, billing);
    await user.click(submit());
    await waitFor(() => expect(basket()?.deliveryAddressGroup).toEqual({ values: BRUSSELS }));
    expect(basket()?.billingAddressGroup).toEqual({ values: BRUSSELS });
  });

  it('does not offer the reuse checkboxes with useBillingOption=false', async () => {
    setup({ basket: basketOf(PRINT, INVOICED), attributes: { useBillingOption: 'false' } });
    await screen.findByRole('region', { name: 'Billing address' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('product-profile: logged in — saved addresses and PUT', () => {
  it('offers the saved delivery addresses as a radio group; nothing chosen is flagged invalid', async () => {
    const { user, harness, calls } = setup({ loggedIn: true, basket: basketOf(PRINT) });
    const group = await screen.findByRole('radiogroup', { name: 'Choose a delivery address' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('div')!.textContent)).toEqual([
      '1 Rue de la Loi, 1000 Brussels, BE',
      'A new address',
    ]);
    // Only the saved addresses of this kind: the billing one is not offered for delivery.
    expect(within(group).queryByText('5 Avenue Louise, 1050 Ixelles, BE')).toBeNull();
    expect(within(region('Delivery address')).queryByLabelText('City')).toBeNull();
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(within(group).getByText('Choose an address or enter a new one.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(radios[0]));
    expect(failed(harness)).toHaveLength(1);
    expect(calls('PUT', '/profile/demo')).toHaveLength(0);
  });

  it('saves with PUT and writes the chosen saved address into the basket by id (keyboard choice)', async () => {
    const { user, harness, calls, basket } = setup({ loggedIn: true, basket: basketOf(PRINT) });
    const group = await screen.findByRole('radiogroup', { name: 'Choose a delivery address' });
    const [home, fresh] = within(group).getAllByRole('radio');
    await user.click(fresh!);
    expect(field('City', region('Delivery address'))).toBeTruthy();
    // Arrow keys move within the native radio group.
    await user.keyboard('{ArrowUp}');
    expect((home as HTMLInputElement).checked).toBe(true);
    expect(within(region('Delivery address')).queryByLabelText('City')).toBeNull();
    await user.clear(field('Phone'));
    await user.click(submit());
    await waitFor(() => expect(calls('PUT', '/profile/demo')).toHaveLength(1));
    expect(calls('POST', '/profile/demo')).toHaveLength(0);
    const put = calls('PUT', '/profile/demo')[0]!;
    expect(put.headers.get('authorization')).toContain(SESSION_ID);
    // Every attribute, the cleared phone too (the server removes it); no auth details, no address.
    expect(put.body).toEqual([
      { name: 'firstName', value: 'Demo' },
      { name: 'lastName', value: 'User' },
      { name: 'birthDate', value: '' },
      { name: 'phone', value: '' },
    ]);
    await waitFor(() => expect(basket()?.deliveryAddressGroup).toEqual({ id: 'addr-home' }));
    expect(basket()?.billingAddressGroup).toBeUndefined();
    expect(harness.published.map((event) => event.name)).toEqual(['basket.updated', 'productProfile.success']);
    expect(harness.published[1]).toEqual({ name: 'productProfile.success', payload: { guid: 'guid-1' } });
  });

  it('sends a new address with the group prefix and puts it in the basket without it', async () => {
    const { user, calls, basket } = setup({ loggedIn: true, basket: basketOf(PRINT) });
    const group = await screen.findByRole('radiogroup', { name: 'Choose a delivery address' });
    await user.click(within(group).getByRole('radio', { name: 'A new address' }));
    await fillAddress(user, region('Delivery address'), { ...BRUSSELS, city: 'Liège' });
    await user.click(submit());
    await waitFor(() => expect(calls('PUT', '/profile/demo')).toHaveLength(1));
    expect(calls('PUT', '/profile/demo')[0]!.body).toEqual(
      expect.arrayContaining([
        { name: 'deliveryAddress.city', value: 'Liège' },
        { name: 'deliveryAddress.country', value: 'BE' },
      ]),
    );
    await waitFor(() => expect(basket()?.deliveryAddressGroup).toEqual({ values: { ...BRUSSELS, city: 'Liège' } }));
  });

  it('pre-selects the saved address the basket already names', async () => {
    setup({ loggedIn: true, basket: { ...basketOf(PRINT), deliveryAddressGroup: { id: 'addr-home' } } });
    const group = await screen.findByRole('radiogroup', { name: 'Choose a delivery address' });
    expect((within(group).getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
  });
});

// Issue 32, item 7: the first delivery of a delivered product is chosen here, from its earliest day.
describe('product-profile: the first delivery (purchase spec §3 startDeliveryDate)', () => {
  const EARLIEST = {
    'GET /pm/api/spi/product/demo-print/startDeliveryDate': () => ({
      status: 200,
      body: { minDate: '2030-02-04', today: '2030-01-31' },
    }),
  };

  it('offers a labelled date input from the earliest day, refuses an earlier day or a weekend, keeps the choice on the basket', async () => {
    const { user, harness, calls, basket } = setup({ loggedIn: true, basket: basketOf(PRINT), routes: EARLIEST });
    const date = await screen.findByLabelText('First delivery of demo-print');
    expect(region('First delivery')).toBeTruthy();
    expect(date.getAttribute('type')).toBe('date');
    expect(date.getAttribute('min')).toBe('2030-02-04');
    expect(
      screen.getByText('From 04/02/2030 on, Monday to Friday. Left empty, the first delivery is on 04/02/2030.'),
    ).toBeTruthy();

    // Before the earliest day: said at once, announced, the input marked.
    fireEvent.change(date, { target: { value: '2030-02-01' } });
    const tooEarly = await screen.findByText('Choose 04/02/2030 or a later day for the first delivery.');
    expect(tooEarly.getAttribute('role')).toBe('alert');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toContain(tooEarly.id);
    // A Saturday: not a delivery day, in the catalogue's words.
    fireEvent.change(date, { target: { value: '2030-02-09' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Deliveries start on a working day (Monday to Friday)');

    // The submit refuses it: INVALID_FORM, nothing saved, the focus on the date.
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Choose a delivery address' })).getAllByRole('radio')[0]!,
    );
    await user.click(submit());
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect(calls('PUT', '/profile/demo')).toHaveLength(0);
    expect(failed(harness).at(-1)).toEqual({
      name: 'productProfile.failed',
      payload: { code: 'INVALID_FORM', statusCode: 400 },
    });

    // A Wednesday after the earliest day: saved, and kept on the basket's line for the order.
    fireEvent.change(date, { target: { value: '2030-02-06' } });
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBeNull());
    await user.click(submit());
    await waitFor(() => expect(calls('PUT', '/profile/demo')).toHaveLength(1));
    await waitFor(() => expect(basket()?.products[0]?.startDeliveryDate).toBe('2030-02-06'));
  });

  it('a cleared choice leaves the line without one (the order takes the earliest day)', async () => {
    const first = setup({
      loggedIn: true,
      basket: basketOf({ ...PRINT, startDeliveryDate: '2030-03-01' } as typeof PRINT),
      routes: EARLIEST,
    });
    const date = await screen.findByLabelText('First delivery of demo-print');
    // The basket's earlier choice comes back into the field; cleared, it goes.
    expect((date as HTMLInputElement).value).toBe('2030-03-01');
    fireEvent.change(date, { target: { value: '' } });
    await first.user.click(
      within(await screen.findByRole('radiogroup', { name: 'Choose a delivery address' })).getAllByRole('radio')[0]!,
    );
    await first.user.click(submit());
    await waitFor(() => expect(first.calls('PUT', '/profile/demo')).toHaveLength(1));
    await waitFor(() => expect(first.basket()?.deliveryAddressGroup).toEqual({ id: 'addr-home' }));
    expect(first.basket()?.products[0]).not.toHaveProperty('startDeliveryDate');
  });

  it('asks nothing of a basket without delivered products', async () => {
    const { server } = setup({ basket: basketOf(DIGITAL), routes: EARLIEST });
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    await screen.findByLabelText('Email', { selector: 'input' });
    expect(screen.queryByRole('region', { name: 'First delivery' })).toBeNull();
    expect(server.requests.some((request) => request.path.includes('startDeliveryDate'))).toBe(false);
  });
});

describe('product-profile: creating the account (purchase spec §4)', () => {
  it('POSTs name/value pairs, logs in with the auth details, stores the session like the login widget, then succeeds', async () => {
    const { user, harness, calls, basket } = setup({ basket: basketOf(PRINT) });
    await fillVisitor(user);
    await fillAddress(user, region('Delivery address'));
    await user.click(submit());
    await waitFor(() => expect(harness.published.map((event) => event.name)).toContain('productProfile.success'));
    const created = calls('POST', '/profile/demo');
    expect(created).toHaveLength(1);
    expect(created[0]!.headers.get('authorization')).not.toContain(SESSION_ID);
    // Every call carries the frame's token (issue 11, finding 7).
    expect(created[0]!.headers.get(FRAME_TOKEN_HEADER)).toBe(FRAME_TOKEN);
    expect(calls('POST', '/profile/login/demo')[0]!.headers.get(FRAME_TOKEN_HEADER)).toBe(FRAME_TOKEN);
    expect(created[0]!.body).toEqual([
      { name: 'email', value: 'buyer@foyer.test' },
      { name: 'password', value: 'secret-pass-1' },
      { name: 'confirmPassword', value: 'secret-pass-1' },
      { name: 'firstName', value: 'Ada' },
      { name: 'lastName', value: 'Lovelace' },
      { name: 'deliveryAddress.fullName', value: 'Demo User' },
      { name: 'deliveryAddress.line1', value: '1 Rue de la Loi' },
      { name: 'deliveryAddress.city', value: 'Brussels' },
      { name: 'deliveryAddress.postalCode', value: '1000' },
      { name: 'deliveryAddress.country', value: 'BE' },
    ]);
    expect(calls('POST', '/profile/login/demo')[0]!.body).toEqual({
      identifiers: [{ name: 'email', value: 'buyer@foyer.test' }],
      validators: [{ name: 'password', value: 'secret-pass-1' }],
    });
    expect(harness.store.getState().session).toMatchObject({ loggedIn: true, guid: 'guid-new', sessionId: SESSION_ID });
    expect(harness.storage.persistent.getItem(SESSION_STORAGE_KEY)).toContain(SESSION_ID);
    expect(harness.published.map((event) => event.name)).toEqual([
      'login.success',
      'session.refresh',
      'basket.updated',
      'productProfile.success',
    ]);
    expect(harness.published.at(-1)).toEqual({ name: 'productProfile.success', payload: { guid: 'guid-new' } });
    expect(basket()?.deliveryAddressGroup).toEqual({ values: BRUSSELS });
    // The session changed: the groups load again, now as the user's (no auth details).
    await waitFor(() => expect(screen.queryByLabelText('Email')).toBeNull());
    expect(screen.getByText('Your details have been saved.')).toBeTruthy();
  });

  it.each([
    ['the skipLogin attribute', { attributes: { skipLogin: 'true' } }],
    ['the skipSessionCreation setting', { settings: { skipSessionCreation: true } }],
  ])('does not log in with %s', async (_name, options: Setup) => {
    const { user, harness, calls } = setup({ basket: basketOf(DIGITAL), ...options });
    await fillVisitor(user);
    await user.click(submit());
    await waitFor(() =>
      expect(harness.published).toContainEqual({ name: 'productProfile.success', payload: { guid: 'guid-new' } }),
    );
    expect(calls('POST', '/profile/demo')).toHaveLength(1);
    expect(calls('POST', '/profile/login/demo')).toHaveLength(0);
    expect(harness.store.getState().session.loggedIn).toBe(false);
    expect(harness.published.some((event) => event.name === 'login.success')).toBe(false);
  });

  it('shows a server error (email already registered), publishes productProfile.failed, and does not log in', async () => {
    const { user, harness, calls } = setup({
      basket: basketOf(DIGITAL),
      routes: {
        [`POST ${PM}/profile/demo`]: () => ({ status: 409, body: { code: 'DUPLICATE_IDENTIFIERS_FOUND', args: [] } }),
      },
    });
    await fillVisitor(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Account is already associated! Please register a new account.');
    expect(failed(harness)).toEqual([
      { name: 'productProfile.failed', payload: { code: 'DUPLICATE_IDENTIFIERS_FOUND', statusCode: 409 } },
    ]);
    expect(calls('POST', '/profile/login/demo')).toHaveLength(0);
    expect(field('Email')).toHaveProperty('value', 'buyer@foyer.test');
  });

  it('marks the fields a server INVALID_FORM names until they are changed', async () => {
    const { user } = setup({
      basket: basketOf(PRINT),
      routes: {
        [`POST ${PM}/profile/demo`]: () => ({
          status: 400,
          body: { code: 'INVALID_FORM', message: 'Invalid profile', args: ['deliveryAddress.country, lastName'] },
        }),
      },
    });
    await fillVisitor(user);
    await fillAddress(user, region('Delivery address'), { ...BRUSSELS, country: 'FR' });
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid profile');
    const country = within(region('Delivery address')).getByRole('combobox', { name: 'Country' });
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(field('Last name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Check Country.')).toBeTruthy();
    await user.selectOptions(country, 'BE');
    expect(country.getAttribute('aria-invalid')).toBeNull();
  });

  it('after a failed login retries only the login: the account exists already', async () => {
    let loginFails = true;
    const { user, harness, calls } = setup({
      basket: basketOf(DIGITAL),
      routes: {
        [`POST ${PM}/profile/login/demo`]: () =>
          loginFails
            ? { status: 503, body: { code: 'technical_difficulties' } }
            : { status: 200, body: sessionBody({ guid: 'guid-new' }) },
      },
    });
    await fillVisitor(user);
    await user.click(submit());
    await screen.findByRole('alert');
    expect(failed(harness)).toHaveLength(1);
    loginFails = false;
    await user.click(submit());
    await waitFor(() => expect(harness.store.getState().session.loggedIn).toBe(true));
    expect(calls('POST', '/profile/demo')).toHaveLength(1);
    expect(calls('POST', '/profile/login/demo')).toHaveLength(2);
  });

  it('renames attributes by the page’s attributeMapping in the saved payload', async () => {
    const { user, calls } = setup({
      basket: basketOf(DIGITAL),
      settings: { attributeMapping: { firstName: 'givenName', phone: 'mobile' } },
      attributes: { skipLogin: 'true' },
    });
    await fillVisitor(user);
    await user.type(field('Phone'), '+32 470 00 00 00');
    await user.click(submit());
    await waitFor(() => expect(calls('POST', '/profile/demo')).toHaveLength(1));
    const names = (calls('POST', '/profile/demo')[0]!.body as { name: string }[]).map((pair) => pair.name);
    expect(names).toEqual(['email', 'password', 'confirmPassword', 'givenName', 'lastName', 'mobile']);
  });

  it('shows the busy state on the submit button while saving, and no error box with showErrorMsgs=false', async () => {
    let release: () => void = () => {};
    const { user } = setup({
      basket: basketOf(DIGITAL),
      attributes: { showErrorMsgs: 'false', skipLogin: 'true' },
      routes: {
        [`POST ${PM}/profile/demo`]: () =>
          new Promise((resolve) => {
            release = () => resolve({ status: 201, body: savedProfile('guid-new') });
          }),
      },
    });
    await screen.findByLabelText('Email', { selector: 'input' });
    await user.click(submit());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    await fillVisitor(user);
    await user.click(submit());
    const busy = await screen.findByRole('button', { name: 'Saving your details…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(submit().getAttribute('aria-busy')).toBe('false'));
  });
});

describe('product-profile: the sign-up captcha (issue 11, finding 5)', () => {
  const SITE_KEY = 's'.repeat(40);

  function installGrecaptcha() {
    let parameters: RecaptchaRenderParameters | null = null;
    const api: Grecaptcha = {
      render: (_element, given) => {
        parameters = given;
        return 1;
      },
      reset: vi.fn(),
    };
    (window as Window & { grecaptcha?: Grecaptcha }).grecaptcha = api;
    return { api, params: () => parameters };
  }

  const captchaService = {
    'GET /service/demo': () => ({ status: 200, body: { ...DEMO_SERVICE, recaptchaSiteKey: SITE_KEY } }),
  };

  it("asks for the service's captcha, sends it with the sign-up, then asks again for the login", async () => {
    const fake = installGrecaptcha();
    const { user, harness, calls } = setup({ basket: basketOf(DIGITAL), routes: captchaService });
    await fillVisitor(user);
    await waitFor(() => expect(fake.params()?.sitekey).toBe(SITE_KEY));
    await user.click(submit());
    expect((await screen.findAllByRole('alert')).map((alert) => alert.textContent).join(' ')).toContain(
      'Please verify that you are not a robot',
    );
    expect(calls('POST', '/profile/demo')).toHaveLength(0);

    act(() => fake.params()?.callback('token-1'));
    await user.click(submit());
    await screen.findByText('Your account has been created. Please complete the verification again to log in.');
    expect(calls('POST', '/profile/demo')[0]!.body).toContainEqual({ name: 'recaptchaResponse', value: 'token-1' });
    // The token was spent on the sign-up: no login with it, and the captcha is reset.
    expect(calls('POST', '/profile/login/demo')).toHaveLength(0);
    expect(fake.api.reset).toHaveBeenCalled();

    act(() => fake.params()?.callback('token-2'));
    await user.click(submit());
    await waitFor(() => expect(harness.published.map((event) => event.name)).toContain('productProfile.success'));
    expect(calls('POST', '/profile/demo')).toHaveLength(1);
    expect(calls('POST', '/profile/login/demo')[0]!.body).toMatchObject({ recaptchaResponse: 'token-2' });
  });

  it('shows no captcha to a logged-in user (an update, not a sign-up)', async () => {
    installGrecaptcha();
    const { server } = setup({ loggedIn: true, routes: captchaService });
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.queryByRole('group', { name: 'Verification' })).toBeNull();
    expect(server.requests.some((request) => request.path === '/service/demo')).toBe(false);
  });
});
