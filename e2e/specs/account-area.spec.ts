/**
 * The account area of issue 13 against the real stack: a customer buys a plan in the shop, sees
 * it on "My account", invites a friend (invalid address, success, duplicate), the friend follows
 * the mailed link to the invitation page, logs in and accepts; the owner sees the beneficiary's
 * status and removes them after confirming, then cancels with a reason and a date. A stranger
 * with the used key is refused. axe-core checks every state it passes through.
 */
import { axeViolations, widgetDocument } from '../support/axe';
import { expect, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { test } from '../support/api-test';
import { createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { chooseAction, LoginWidget, untilFramesSettled, widgetFrame, widgetIframe } from '../support/widgets';
import { mailedLink } from '../support/mailbox';

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

async function axeClean(page: Page, widget: string, state: string): Promise<void> {
  expect(await axeViolations(widgetDocument(page, widget)), `${widget}: ${state}`).toEqual([]);
}

/**
 * Where the browser refuses the frames storage, the session lives in the frames' memory and ends
 * with the page (docs/widgets-identity.md, "Sessions across sites"): on a new page view the owner
 * logs in again, with the page's login widget, and the account widgets follow that login. Where
 * storage is kept they are logged in.
 */
async function loggedInAgainIfRefused(page: Page, email: string): Promise<void> {
  if (test.info().project.name !== 'e2e-storage-refused') return;
  await expect(widgetFrame(page, 'purchases-list').getByText('Please log in to see this.')).toBeVisible();
  await new LoginWidget(page).logInSettled(email, 'account-pw-1');
}

/** dd/MM/yyyy `days` from today (UTC, as the server counts days). */
function dayFromNow(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

test(
  'buy, list, invite, accept through the mailed link, remove, cancel; a stranger is refused',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    const owner = uniqueEmail();
    const friend = uniqueEmail();
    const stranger = uniqueEmail();
    for (const email of [owner, friend, stranger]) await createCustomer(request, email, 'account-pw-1');

    // Buy the yearly digital plan in the shop.
    const shop = new Shop(page);
    await shop.open();
    await shop.pick('Yearly', 'Digital access');
    await shop.press(shop.checkout);
    await shop.logInInModal(owner, 'account-pw-1');
    await shop.press(shop.saveProfile);
    await shop.press(shop.confirmOrder);
    await shop.press(shop.pay);
    await expect(shop.paid).toBeVisible();

    // My account: the purchase with its dates (dd-MMM-yyyy), frequency and status.
    await page.goto(`${stack.demoUrl}/my-account`);
    await loggedInAgainIfRefused(page, owner);
    const list = widgetFrame(page, 'purchases-list');
    const row = list.getByRole('row', { name: /Digital access — Yearly/ });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(0)).toHaveText(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Yearly');
    // The status, then what it means (issue 25): a card-paid yearly plan renews at its period end.
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^Active Renews on \d{2}-[A-Z][a-z]{2}-\d{4}/);
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');
    await axeClean(page, 'purchases-list', 'listed');

    // Add a beneficiary: an invalid address first, then the friend, then the friend again.
    const menu = list.getByRole('button', { name: 'Actions for Digital access — Yearly' });
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('menuitem', { name: 'Display beneficiaries' })).toBeFocused();
    await axeClean(page, 'purchases-list', 'menu open');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const add = list.getByRole('dialog', { name: 'Add beneficiary to Digital access — Yearly' });
    await add.getByLabel('Email').fill('not-an-email');
    await add.getByLabel('Email').blur();
    await expect(add.getByRole('alert')).toHaveText('Email is invalid.');
    await expect(add.getByRole('button', { name: 'Add' })).toBeDisabled();
    await axeClean(page, 'purchases-list', 'add dialog, invalid');
    await add.getByLabel('Email').fill(friend);
    await add.getByLabel('Message (optional)').fill('Enjoy the articles!');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByText('Your friend has been invited')).toBeVisible();
    await axeClean(page, 'purchases-list', 'add dialog, invited');
    await add.getByRole('button', { name: 'Close' }).last().click();
    await expect(row.getByRole('cell').nth(4)).toHaveText('1');

    await chooseAction(page, menu, list.getByRole('menuitem', { name: 'Add beneficiary' }));
    await add.getByLabel('Email').fill(friend);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add.getByRole('alert')).toContainText('Duplicate beneficiary for this purchase');
    await add.getByRole('button', { name: 'Cancel' }).click();

    // The friend follows the mailed link, logs in and accepts.
    const link = await mailedLink(request, friend, 'invitationKey');
    expect(new URL(link).origin).toBe(new URL(stack.demoUrl).origin);
    const friendContext = await browser.newContext({ bypassCSP: true });
    const friendPage = await friendContext.newPage();
    await friendPage.goto(link);
    const grants = widgetFrame(friendPage, 'grant-invitations');
    await expect(grants.getByText('Please log in to see this.')).toBeVisible();
    await axeClean(friendPage, 'grant-invitations', 'logged out');
    await new LoginWidget(friendPage).logIn(friend, 'account-pw-1');
    const accept = grants.getByRole('button', { name: 'Accept the invitation to Digital access' });
    await expect(accept).toBeVisible();
    // The role through its translated label, not the server's `product:role` key.
    await expect(grants.getByRole('row', { name: /Digital access/ })).toContainText('Reader');
    await expect(grants.getByRole('row', { name: /Digital access/ })).not.toContainText(':reader');
    await axeClean(friendPage, 'grant-invitations', 'pending');
    await accept.click();
    await expect(grants.getByText('You accepted the invitation to Digital access')).toBeVisible();
    // The keyed row is hidden once accepted.
    await expect(accept).toHaveCount(0);
    await axeClean(friendPage, 'grant-invitations', 'accepted');

    // A stranger with the same (now used) link is refused.
    const strangerContext = await browser.newContext({ bypassCSP: true });
    const strangerPage = await strangerContext.newPage();
    await strangerPage.goto(link);
    await new LoginWidget(strangerPage).logIn(stranger, 'account-pw-1');
    const strangerGrants = widgetFrame(strangerPage, 'grant-invitations');
    await expect(strangerGrants.getByRole('alert')).toHaveText('This invitation was not found or has expired');
    await expect(strangerGrants.getByRole('button', { name: /Accept/ })).toHaveCount(0);
    await axeClean(strangerPage, 'grant-invitations', 'refused key');
    await strangerContext.close();
    await friendContext.close();

    // The owner sees the beneficiary ACCEPTED, and removes them after confirming.
    await page.reload();
    await loggedInAgainIfRefused(page, owner);
    await expect(row).toBeVisible();
    await chooseAction(page, menu, list.getByRole('menuitem', { name: 'Display beneficiaries' }));
    const beneficiaries = list.getByRole('dialog', { name: 'Beneficiaries of Digital access — Yearly' });
    const friendRow = beneficiaries.getByRole('row', { name: new RegExp(friend.replace(/[.+]/g, '\\$&')) });
    await expect(friendRow).toContainText('Accepted');
    await axeClean(page, 'purchases-list', 'beneficiaries');
    // At 320 px the dialog keeps the address, its status and Remove inside the frame (nothing to scroll to).
    await page.setViewportSize({ width: 320, height: 800 });
    const remove = friendRow.getByRole('button', { name: `Remove ${friend}` });
    await expect.poll(async () => (await widgetIframe(page, 'purchases-list').boundingBox())?.width).toBeLessThan(320);
    await expect
      .poll(async () => {
        const frame = await widgetIframe(page, 'purchases-list').boundingBox();
        const button = await remove.boundingBox();
        return frame && button ? button.x + button.width <= frame.x + frame.width : false;
      })
      .toBe(true);
    await expect
      .poll(() => remove.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await friendRow.getByRole('button', { name: `Remove ${friend}` }).click();
    const confirm = list.getByRole('alertdialog', { name: 'Remove beneficiary' });
    await expect(confirm).toContainText(friend);
    await axeClean(page, 'purchases-list', 'confirm removal');
    await confirm.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(beneficiaries.getByText(`${friend} has been removed`)).toBeVisible();
    await expect(beneficiaries.getByText('No beneficiaries')).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');

    // Cancel with a reason and a date: the list shows the new status and end date.
    const cancel = widgetFrame(page, 'cancel-subscription');
    await cancel.getByLabel('Subscription').selectOption({ label: 'Digital access — Yearly' });
    await cancel.getByLabel('Reason').selectOption({ label: 'It is too expensive' });
    await cancel.getByLabel('Cancellation date').fill(dayFromNow(-1));
    await cancel.getByLabel('Cancellation date').blur();
    await expect(cancel.getByRole('alert')).toHaveText('The cancellation date cannot be in the past.');
    await axeClean(page, 'cancel-subscription', 'date in the past');
    const date = dayFromNow(3);
    await cancel.getByLabel('Cancellation date').fill(date);
    // The list above was resized (320 px and back, a row removed): its frame may still be settling.
    await untilFramesSettled(page);
    await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(cancel.getByText(`Your subscription Digital access — Yearly ends on ${date}`)).toBeVisible();
    await axeClean(page, 'cancel-subscription', 'cancelled');
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^Cancelled Ends on /);
    const [day, month, year] = date.split('/');
    const shortMonth = new Date(Date.UTC(Number(year), Number(month) - 1, 1)).toLocaleString('en', {
      month: 'short',
      timeZone: 'UTC',
    });
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${day}-${shortMonth}-${year}`);
  },
);

test('a stranger cannot invite on, list or cancel someone else’s subscription', async ({ request }) => {
  const owner = uniqueEmail();
  const stranger = uniqueEmail();
  for (const email of [owner, stranger]) await createCustomer(request, email, 'account-pw-2');
  const session = async (email: string) => {
    const created = await request.post(`${stack.widgetsUrl}/ic/api/session`, {
      headers: { authorization: 'Evolok evolok.api.service=demo' },
      data: {
        realmName: 'default',
        authenticationSchemeName: 'default',
        identifiers: [{ name: 'email', value: email }],
        validators: [{ name: 'password', value: 'account-pw-2' }],
      },
    });
    return (await created.json()) as { guid: string; mainSession: { sessionId: string } };
  };
  const ownerSession = await session(owner);
  const strangerSession = await session(stranger);
  const pm = `${stack.widgetsUrl}/pm/api`;
  const order = await request.post(`${pm}/widget/order?ev_ss=${ownerSession.mainSession.sessionId}`, {
    data: {
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-monthly-eur' }],
      paymentType: 'BANK_TRANSFER',
    },
  });
  const { id } = (await order.json()) as { id: string };
  const paid = await request.post(`${pm}/widget/payment/${id}?ev_ss=${ownerSession.mainSession.sessionId}`, {
    data: { token: 'manual' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const purchases = (await (
    await request.get(`${pm}/widget/account/purchases/?ev_ss=${ownerSession.mainSession.sessionId}`)
  ).json()) as { subscription?: { id: string } }[];
  const subscriptionId = purchases[0]!.subscription!.id;

  const as = `ev_ss=${strangerSession.mainSession.sessionId}`;
  const invite = await request.post(`${pm}/widget/account/beneficiary/invite/?${as}`, {
    data: { subscriptionId, email: uniqueEmail() },
  });
  expect(((await invite.json()) as { code: string }).code).toBe('subscription_not_found');
  const listed = await request.get(`${pm}/widget/account/beneficiary/${subscriptionId}?${as}`);
  expect(listed.status()).toBe(404);
  const cancelled = await request.post(
    `${pm}/api/1.0/subscription/${subscriptionId}/cancel/${strangerSession.guid}?${as}`,
    { data: { cancelDate: new Date().toISOString().slice(0, 10), reason: 'OTHER' } },
  );
  expect(((await cancelled.json()) as { code: string }).code).toBe('subscription_not_found');
});

test(
  'an invitee without an account registers, activates, then accepts through the mailed link',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const owner = uniqueEmail();
    const newcomer = uniqueEmail();
    await createCustomer(request, owner, 'account-pw-3');
    const created = await request.post(`${stack.widgetsUrl}/ic/api/session`, {
      headers: { authorization: 'Evolok evolok.api.service=demo' },
      data: {
        realmName: 'default',
        authenticationSchemeName: 'default',
        identifiers: [{ name: 'email', value: owner }],
        validators: [{ name: 'password', value: 'account-pw-3' }],
      },
    });
    const ownerSession = ((await created.json()) as { mainSession: { sessionId: string } }).mainSession.sessionId;
    const pm = `${stack.widgetsUrl}/pm/api`;
    const order = await request.post(`${pm}/widget/order?ev_ss=${ownerSession}`, {
      data: {
        orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }],
        // A paid card: a transfer awaiting payment could invite nobody (issue 24).
        paymentType: 'CARD',
      },
    });
    const { id } = (await order.json()) as { id: string };
    await request.post(`${pm}/widget/payment/${id}?ev_ss=${ownerSession}`, { data: { token: 'manual' } });
    const purchases = (await (await request.get(`${pm}/widget/account/purchases/?ev_ss=${ownerSession}`)).json()) as {
      subscription?: { id: string };
    }[];
    const invited = await request.post(`${pm}/widget/account/beneficiary/invite/?ev_ss=${ownerSession}`, {
      data: { subscriptionId: purchases[0]!.subscription!.id, email: newcomer },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const link = await mailedLink(request, newcomer, 'invitationKey');

    // The newcomer has no account: registers (the identity API the registration widget uses) and
    // activates with the mailed link on the demo's activation page.
    const registered = await request.post(`${stack.widgetsUrl}/ic/api/userProfile`, {
      data: {
        realm: 'default',
        services: ['demo'],
        attributes: [
          { name: 'email', value: newcomer },
          { name: 'password', value: 'newcomer-pw-1' },
          { name: 'firstName', value: 'New' },
          { name: 'lastName', value: 'Comer' },
        ],
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const activation = await mailedLink(request, newcomer, 'activationKey');
    await page.goto(activation);
    await expect(widgetFrame(page, 'account-activation').getByRole('alert')).toContainText(
      'Your account has been activated',
    );

    await page.goto(link);
    await new LoginWidget(page).logIn(newcomer, 'newcomer-pw-1');
    const grants = widgetFrame(page, 'grant-invitations');
    await grants.getByRole('button', { name: 'Accept the invitation to Digital access' }).click();
    await expect(grants.getByText('You accepted the invitation to Digital access')).toBeVisible();
    await expect(page.locator('#event-log')).toContainText('foyer:grant.accepted');
  },
);
