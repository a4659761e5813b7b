/**
 * The version 1 account widgets (issue 16) against the real stack, on the demo's
 * `/my-account-v1` (page setting `version: 1`): the owner's subscription (bought through the API)
 * is listed with its start date as dd-MMMM-yyyy; the owner invites a beneficiary in
 * v1/invitations-list (the required and invalid email errors first, then a duplicate), sees them
 * listed, deletes another after the question and the confirmation; the invitee opens the page with
 * the mailed invitationKey and accepts in v1/grant. A second invitee follows the mailed link itself
 * (the older service's invite links to the v1 account page) and declines in v1/grant. axe-core
 * checks the states it passes through.
 */
import { formatAuthorization } from '@foyer/api';
import { frameHeaders } from '@foyer/api/frame-headers';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, widgetDocument } from '../support/axe';
import { test } from '../support/api-test';
import { apiSession, createCustomer, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { LoginWidget, widgetFrame } from '../support/widgets';
import { mailedKey, mailedLink } from '../support/mailbox';

// axe is injected as a script tag; the frames' CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const PASSWORD = 'v1-account-pw-1';

async function axeClean(page: Page, widget: string, state: string): Promise<void> {
  expect(await axeViolations(widgetDocument(page, widget)), `${widget}: ${state}`).toEqual([]);
}

/** Buys the yearly digital plan for `email` through the widget service, as the v2 checkout does. */
async function subscribe(request: APIRequestContext, email: string): Promise<void> {
  const session = await apiSession(request, email, PASSWORD);
  const pm = `${stack.widgetsUrl}/pm/api`;
  const order = await request.post(`${pm}/widget/order?ev_ss=${session}`, {
    data: {
      orderItems: [{ product: 'demo-digital', paymentPlan: 'digital-yearly-eur' }],
      // A paid card: a transfer awaiting payment could invite nobody (issue 24).
      paymentType: 'CARD',
    },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { id } = (await order.json()) as { id: string };
  const paid = await request.post(`${pm}/widget/payment/${id}?ev_ss=${session}`, { data: { token: 'manual' } });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** Today as the server counts days (UTC), dd-MMMM-yyyy in English. */
function todayLong(): string {
  const now = new Date();
  const month = now.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  return `${String(now.getUTCDate()).padStart(2, '0')}-${month}-${now.getUTCFullYear()}`;
}

test('v1 account: subscriptions list, invite (errors first), delete with question and confirmation, accept in v1/grant', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueEmail();
  const friend = uniqueEmail();
  const other = uniqueEmail();
  for (const email of [owner, friend, other]) await createCustomer(request, email, PASSWORD);
  await subscribe(request, owner);

  // The version 1 page maps the account widgets to their v1 routes.
  await page.goto(`${stack.demoUrl}/my-account-v1`);
  const invitations = widgetFrame(page, 'v1/invitations-list');
  await expect(invitations.getByText('Please log in to see this.')).toBeVisible();
  await new LoginWidget(page).logInSettled(owner, PASSWORD);

  // Subscriptions list: name, start date dd-MMMM-yyyy, plan frequency, status.
  const subscriptions = widgetFrame(page, 'v1/subscriptions-list');
  const row = subscriptions.getByRole('row', { name: /Digital access/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell')).toHaveText([todayLong(), 'Yearly', 'Active']);
  await axeClean(page, 'v1/subscriptions-list', 'listed');

  // Add beneficiary: the required and invalid errors first, Add disabled meanwhile.
  await expect(invitations.getByText('No one invited yet')).toBeVisible();
  await axeClean(page, 'v1/invitations-list', 'no invitations');
  const addButton = invitations.getByRole('button', { name: 'Add beneficiary to Digital access' });
  await addButton.click();
  const add = invitations.getByRole('dialog', { name: 'Add beneficiary' });
  const email = add.getByRole('textbox', { name: 'Email' });
  await expect(email).toBeFocused();
  const submit = add.getByRole('button', { name: 'Add' });
  await expect(submit).toBeDisabled();
  await page.keyboard.press('Tab');
  await expect(add.getByRole('alert')).toHaveText('Email is required.');
  await email.fill('not-an-email');
  await expect(add.getByRole('alert')).toHaveText('Email is invalid.');
  await expect(submit).toBeDisabled();
  await axeClean(page, 'v1/invitations-list', 'add, invalid');
  await email.fill(friend);
  await add.getByRole('textbox', { name: 'Message (optional)' }).fill('Enjoy the articles!');
  await submit.click();
  const invited = invitations.getByRole('dialog', { name: 'Invitation sent' });
  await expect(invited.getByText('Your friend has been invited')).toBeVisible();
  await axeClean(page, 'v1/invitations-list', 'invited');
  await invited.getByRole('button', { name: 'OK' }).click();
  const friendRow = invitations.getByRole('row', { name: new RegExp(friend) });
  await expect(friendRow).toContainText('Pending');

  // The same address again: duplicated_beneficiary, in the dialog.
  await addButton.click();
  await email.fill(friend);
  await submit.click();
  await expect(add.getByRole('alert')).toContainText('Duplicate beneficiary for this purchase');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toHaveCount(0);

  // Another one, then delete it: the question first (No keeps it), then the confirmation.
  await addButton.click();
  await email.fill(other);
  await submit.click();
  await invited.getByRole('button', { name: 'OK' }).click();
  const otherRow = invitations.getByRole('row', { name: new RegExp(other) });
  await expect(otherRow).toBeVisible();
  const deleteOther = invitations.getByRole('button', { name: `Delete the invitation of ${other}` });
  await deleteOther.click();
  const question = invitations.getByRole('dialog', { name: 'Delete email' });
  await expect(question).toContainText(`Delete ${other}? They lose access to Digital access at once.`);
  await axeClean(page, 'v1/invitations-list', 'question');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(otherRow).toBeVisible();
  await deleteOther.click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(question.getByText(`${other} has been deleted.`)).toBeVisible();
  await axeClean(page, 'v1/invitations-list', 'confirmation');
  await question.getByRole('button', { name: 'OK' }).click();
  await expect(otherRow).toHaveCount(0);
  await expect(friendRow).toBeVisible();

  // The invitee opens the page with the mailed key, logs in and accepts in v1/grant.
  const key = await mailedKey(request, friend, 'invitationKey');
  const friendContext = await browser.newContext({ bypassCSP: true });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(`${stack.demoUrl}/my-account-v1?invitationKey=${encodeURIComponent(key)}`);
  const grant = widgetFrame(friendPage, 'v1/grant');
  await expect(grant.getByText('Please log in to see this.')).toBeVisible();
  await new LoginWidget(friendPage).logInSettled(friend, PASSWORD);
  const accept = grant.getByRole('button', { name: 'Accept the invitation to Digital access' });
  await expect(accept).toBeVisible();
  await axeClean(friendPage, 'v1/grant', 'pending');
  await accept.click();
  await expect(grant.getByText('You accepted the invitation to Digital access')).toBeVisible();
  await expect(accept).toHaveCount(0);
  await axeClean(friendPage, 'v1/grant', 'accepted');
  // The invitee has no subscription of their own to share.
  await expect(
    widgetFrame(friendPage, 'v1/invitations-list').getByText('You have no subscription to share'),
  ).toBeVisible();
  await friendContext.close();

  // The owner sees the beneficiary's answer.
  await page.reload();
  await expect(invitations.getByRole('row', { name: new RegExp(friend) })).toContainText('Accepted');
});

/** The identity API's Authorization header for a session of the demo service. */
const identityAuth = (sessionId: string) => formatAuthorization({ serviceName: 'demo', sessionId });

/** A session and the account's guid straight from the identity API. */
async function sessionWithGuid(request: APIRequestContext, email: string): Promise<{ session: string; guid: string }> {
  const session = await apiSession(request, email, PASSWORD);
  const me = await request.get(`${stack.widgetsUrl}/ic/api/session/${session}`, {
    headers: { authorization: identityAuth(session), ...(await frameHeaders(stack.widgetsUrl)) },
  });
  expect(me.ok(), await me.text()).toBe(true);
  return { session, guid: ((await me.json()) as { guid: string }).guid };
}

test('v1 account: the mailed v1 invitation opens the v1 account page, where the invitee declines in v1/grant', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = uniqueEmail();
  const friend = uniqueEmail();
  for (const email of [owner, friend]) await createCustomer(request, email, PASSWORD);
  await subscribe(request, owner);

  // The owner invites through the older service (what v1/invitations-list calls).
  const { session, guid } = await sessionWithGuid(request, owner);
  const pm = `${stack.widgetsUrl}/pm/api`;
  const account = await request.get(`${pm}/account/${guid}?ev_ss=${session}`);
  expect(account.ok(), await account.text()).toBe(true);
  const [subscription] = ((await account.json()) as { subscriptions: { _id: string }[] }).subscriptions;
  const invited = await request.post(`${pm}/subscription/invite/${guid}?ev_ss=${session}`, {
    data: { subscriptionId: subscription!._id, email: friend, message: 'For you' },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // The mail links to the version 1 site's account page (v1/grant), not the v2 /invitation page.
  const link = await mailedLink(request, friend, 'invitationKey');
  expect(new URL(link).origin).toBe(new URL(stack.demoUrl).origin);
  expect(new URL(link).pathname).toBe('/my-account-v1');
  await page.goto(link);
  const grant = widgetFrame(page, 'v1/grant');
  await expect(grant.getByText('Please log in to see this.')).toBeVisible();
  await new LoginWidget(page).logInSettled(friend, PASSWORD);
  const decline = grant.getByRole('button', { name: 'Decline the invitation to Digital access' });
  await expect(decline).toBeVisible();
  await expect(grant.getByRole('button', { name: 'Accept the invitation to Digital access' })).toBeVisible();
  await decline.click();
  await expect(grant.getByText('You declined the invitation to Digital access')).toBeVisible();
  await expect(decline).toHaveCount(0);
  await axeClean(page, 'v1/grant', 'declined');

  // Declined for good: the owner's list says so, and the key no longer offers an answer.
  const sent = await request.get(`${stack.widgetsUrl}/ic/api/userProfile/${guid}/grant/sent`, {
    headers: { authorization: identityAuth(session), ...(await frameHeaders(stack.widgetsUrl)) },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const grants = (await sent.json()) as { email: string; status: string }[];
  expect(grants.find((one) => one.email === friend)?.status).toBe('DECLINED');
  await page.reload();
  await expect(grant.getByRole('button', { name: 'Accept the invitation to Digital access' })).toHaveCount(0);
});
