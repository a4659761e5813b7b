/**
 * Page objects of the purchase journey (issue 4) on the demo shop page, found the way a visitor
 * or a screen reader finds things: frame title, role and accessible name. The names used here are
 * the contract the purchase widgets keep (see the purchase specs that use them).
 */
import { expect, type APIRequestContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { mailedKey } from './mailbox';
import { press } from './pointer';
import { stack } from './stack';
import { widgetFrame, widgetSelector } from './widgets';
import { frameHeaders } from '@foyer/api/frame-headers';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@foyer.test`;

export class Shop {
  readonly selection: FrameLocator;
  readonly summary: FrameLocator;
  readonly checkoutFrame: FrameLocator;
  readonly paymentType: FrameLocator;
  constructor(readonly page: Page) {
    this.selection = widgetFrame(page, 'product-selection');
    this.summary = widgetFrame(page, 'product-summary');
    this.checkoutFrame = widgetFrame(page, 'checkout-button');
    this.paymentType = widgetFrame(page, 'payment-type-selector');
  }

  async open(path = '/shop'): Promise<void> {
    await this.page.goto(`${stack.demoUrl}${path}`);
  }

  /** The toggle of one plan: 'Select <plan> (<product>)', once picked 'Selected …' (a check mark may lead) and aria-pressed. */
  plan(plan: string, product: string): Locator {
    const name = new RegExp(`^(✓ )?Select(ed)? ${escape(plan)} \\(${escape(product)}\\)$`);
    return this.selection.getByRole('button', { name });
  }

  async pick(plan: string, product: string): Promise<void> {
    await press(this.plan(plan, product));
    await expect(this.plan(plan, product)).toHaveAttribute('aria-pressed', 'true');
    // Every frame of the page sees the basket at once.
    await expect(this.summary.getByText(product).first()).toBeVisible();
  }

  get checkout(): Locator {
    return this.checkoutFrame.getByRole('button', { name: 'Checkout', exact: true });
  }

  /** The modal the checkout opens its steps in. */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** The widget shown in the modal: the last frame of that widget on the page. */
  step(widget: string): FrameLocator {
    return this.dialog.frameLocator(widgetSelector(widget));
  }

  /** Presses a control of a widget frame with the mouse, as a person would (support/pointer.ts). */
  async press(control: Locator): Promise<void> {
    await press(control);
  }

  async logInInModal(email: string, password: string): Promise<void> {
    const login = this.step('login');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await this.press(login.getByRole('button', { name: 'Log in', exact: true }));
  }

  /** The profile step's delivery address section (a region named by its heading). */
  deliveryAddress(): Locator {
    return this.step('product-profile').getByRole('region', { name: /delivery address/i });
  }

  async fillAddress(group: Locator): Promise<void> {
    await group.getByLabel('Full name').fill('Ada Lovelace');
    await group.getByLabel('Address line 1').fill('12 Rue de la Loi');
    await group.getByLabel('City').fill('Brussels');
    await group.getByLabel('Postal code').fill('1000');
    await group.getByLabel(/^Country/).selectOption('BE');
  }

  /** The profile step's submit button (its default caption). */
  get saveProfile(): Locator {
    return this.step('product-profile').getByRole('button', { name: 'Continue', exact: true });
  }

  /** The summary in review mode, opened by the checkout: 'Confirm order'. */
  get confirmOrder(): Locator {
    return this.step('product-summary').getByRole('button', { name: 'Confirm order', exact: true });
  }

  /** The manual provider's one button in the payment step: 'Pay' and the amount. */
  get pay(): Locator {
    return this.step('payment').getByRole('button', { name: /^Pay \S/ });
  }

  /**
   * A bank transfer's instructions in the payment step once the order is placed (issue 25): a
   * region named 'How to pay', closed by its 'Done' (which publishes payment.success).
   */
  get transferInstructions(): Locator {
    return this.step('payment').getByRole('region', { name: 'How to pay' });
  }

  get transferDone(): Locator {
    return this.transferInstructions.getByRole('button', { name: 'Done', exact: true });
  }

  /** The test card provider's picker in the payment step (issue 25: the page's testMode). */
  get testCard(): Locator {
    return this.step('payment').getByLabel('Test card');
  }

  async choosePaymentType(label: string): Promise<void> {
    await this.paymentType.getByRole('combobox').selectOption({ label });
  }

  /**
   * The runners behind the open checkout modal (selection's Continue, summary's and the button's
   * Checkout): calm while the modal waits for the visitor — disabled, no spinner, no
   * 'Processing …' (issue 12's decision; 'Processing …' only while a request of the step runs).
   */
  async expectCalmBehindModal(): Promise<void> {
    const caption = 'Checkout open — continue in the window';
    for (const frame of [this.selection, this.summary, this.checkoutFrame]) {
      const button = frame.getByRole('button', { name: caption, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('aria-busy', 'false');
      await expect(frame.locator('.spinner')).toHaveCount(0);
      await expect(frame.getByText(/Processing/)).toHaveCount(0);
    }
  }

  get paid(): Locator {
    return this.checkoutFrame.getByText('Payment Successful', { exact: true });
  }

  get emptySummary(): Locator {
    return this.summary.getByText('No products selected', { exact: true });
  }

  /** The session a widget frame keeps (tab or persistent storage of the widgets origin). */
  async sessionId(): Promise<string> {
    const frame = this.page.frames().find((candidate) => candidate.url().includes('/w/checkout-button'));
    if (!frame) throw new Error('no checkout-button frame');
    let id = '';
    await expect
      .poll(async () => {
        id = await frame.evaluate(() => {
          const raw = sessionStorage.getItem('evolok.session') ?? localStorage.getItem('evolok.session');
          return raw ? (JSON.parse(raw) as { sessionId: string }).sessionId : '';
        });
        return id;
      })
      .not.toBe('');
    return id;
  }
}

/** An ACTIVE account created the way the profile step creates one (POST /widget/profile, no session). */
export async function createCustomer(request: APIRequestContext, email: string, password: string): Promise<void> {
  const response = await request.post(`${stack.widgetsUrl}/pm/api/widget/profile/demo`, {
    headers: await frameHeaders(stack.widgetsUrl),
    data: [
      { name: 'email', value: email },
      { name: 'password', value: password },
      { name: 'firstName', value: 'E2e' },
      { name: 'lastName', value: 'Customer' },
    ],
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * The customer proves the address is theirs, as its owner would (issue 24): forgot password, the
 * mailed link, the same password again. A purchase sign-up's address is unproven until then, and
 * invitations sent to it do not show without their mailed key.
 */
export async function proveAddress(request: APIRequestContext, email: string, password: string): Promise<void> {
  const headers = { authorization: 'Evolok evolok.api.service=demo', ...(await frameHeaders(stack.widgetsUrl)) };
  const asked = await request.post(
    `${stack.widgetsUrl}/ic/api/userProfile/resetAttributeWorkflow/default?realm=default&email=${encodeURIComponent(email)}`,
    { headers },
  );
  expect(asked.ok(), await asked.text()).toBe(true);
  const key = await mailedKey(request, email, 'resetAttributeKey');
  const reset = await request.put(`${stack.widgetsUrl}/ic/api/resetAttributeWorkflow/${encodeURIComponent(key)}`, {
    headers,
    data: { attributes: [{ name: 'password', value: password }] },
  });
  expect(reset.status(), await reset.text()).toBe(204);
}

/** A login of `email` straight from the identity API (for calls the test makes itself): its account and session. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ guid: string; sessionId: string }> {
  const created = await request.post(`${stack.widgetsUrl}/ic/api/session`, {
    headers: { authorization: 'Evolok evolok.api.service=demo', ...(await frameHeaders(stack.widgetsUrl)) },
    data: {
      realmName: 'default',
      authenticationSchemeName: 'default',
      identifiers: [{ name: 'email', value: email }],
      validators: [{ name: 'password', value: password }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const body = (await created.json()) as { guid: string; mainSession: { sessionId: string } };
  return { guid: body.guid, sessionId: body.mainSession.sessionId };
}

/** The session id of such a login. */
export async function apiSession(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await apiLogin(request, email, password)).sessionId;
}

/** Two new customers: `owner` buys the yearly digital plan and invites `friend`, through the API as the frames would. */
export async function buyAndInvite(
  request: APIRequestContext,
  owner: string,
  friend: string,
  password: string,
): Promise<void> {
  for (const email of [owner, friend]) await createCustomer(request, email, password);
  // The friend finds the invitation by address (no key) in the grant lists: a proven one.
  await proveAddress(request, friend, password);
  const session = await apiSession(request, owner, password);
  const headers = await frameHeaders(stack.widgetsUrl);
  const pm = `${stack.widgetsUrl}/pm/api`;
  const order = await request.post(`${pm}/widget/order?ev_ss=${session}`, {
    headers,
    data: {
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }],
      // A paid card: a transfer awaiting payment could invite nobody (issue 24).
      paymentType: 'CARD',
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const paid = await request.post(`${pm}/widget/payment/${id}?ev_ss=${session}`, {
    headers,
    data: { token: 'manual' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const purchases = (await (
    await request.get(`${pm}/widget/account/purchases/?ev_ss=${session}`, { headers })
  ).json()) as { subscription?: { id: string } }[];
  const invited = await request.post(`${pm}/widget/account/beneficiary/invite/?ev_ss=${session}`, {
    headers,
    data: { subscriptionId: purchases[0]!.subscription!.id, email: friend },
  });
  expect(invited.status(), await invited.text()).toBe(201);
}
