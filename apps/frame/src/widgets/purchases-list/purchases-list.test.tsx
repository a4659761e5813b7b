import '../../test/setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { purchasesListAttributesSchema } from '@foyer/protocol';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import { purchasesRequest } from '../../features/account/accountRequests';
import PurchasesList from './index';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });

const purchase = (status: string, beneficiaries = 0) => ({
  id: 'pu-1',
  status,
  orderItemId: 'it-1',
  orderItem: {
    product: { name: 'demo-digital', displayName: 'Digital' },
    paymentPlan: { _id: 'digital-yearly-eur', displayName: 'Yearly', frequency: { id: 'MONTH12' } },
  },
  subscription: { id: 'sub-1', status, startDate: '2030-01-10', endDate: '2031-01-10' },
  beneficiaries,
});
const oneOff = {
  id: 'pu-2',
  status: 'ACTIVE',
  orderItemId: 'it-2',
  orderItem: {
    product: { name: 'demo-archive', displayName: 'Archive' },
    paymentPlan: { _id: 'archive-once-eur', displayName: 'Pass', frequency: { id: 'NONE' } },
  },
  beneficiaries: 0,
};

function setup(
  routes: Record<string, Handler>,
  options: { loggedIn?: boolean; attributes?: Record<string, string> } = {},
) {
  const server = fakeIdentityServer(routes);
  const attributes = purchasesListAttributesSchema.parse(options.attributes ?? {});
  const harness = makeHarness({
    fetch: server.fetch,
    attributes,
    preloaded: options.loggedIn === false ? {} : { session },
  });
  renderWith(harness, <PurchasesList attributes={attributes} />);
  return { server, harness };
}

/**
 * One running purchase with one accepted beneficiary (friend@x.test) that the DELETE removes;
 * `afterRemoval` answers the beneficiaries' reload once it is gone.
 */
function oneBeneficiaryRoutes(afterRemoval: Handler): Record<string, Handler> {
  let removed = false;
  return {
    'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [purchase('ACTIVE', 1)] }),
    'GET /pm/api/widget/account/beneficiary/sub-1': (request) =>
      removed
        ? afterRemoval(request)
        : {
            status: 200,
            body: [{ key: 'g-1', email: 'friend@x.test', status: 'ACCEPTED', subscriptionId: 'sub-1' }],
          },
    'DELETE /pm/api/widget/account/beneficiary/sub-1/g-1': () => {
      removed = true;
      return { status: 204 };
    },
  };
}

describe('purchases-list', () => {
  it('a load given up for a newer one (login, session events) publishes no purchasesList.failed', async () => {
    // A fetch that only ends when its request is aborted, as the browser's does.
    const fetch = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof globalThis.fetch;
    const harness = makeHarness({ fetch, preloaded: { session } });
    const load = harness.store.dispatch(purchasesRequest.start(undefined));
    load.abort();
    await load;
    // The thunk's own promise settles at once; its call ends a moment later.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.published.map((event) => event.name)).not.toContain('purchasesList.failed');
  });

  it('an anonymous visitor is told to log in and nothing is requested', async () => {
    const { server } = setup({}, { loggedIn: false });
    expect(await screen.findByText('Please log in to see this.')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('lists product and plan, dd-MMM-yyyy dates (- when missing), frequency, ACTIVE_PENDING as Active (pending payment), beneficiaries', async () => {
    const { harness } = setup({
      'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [purchase('ACTIVE_PENDING', 2), oneOff] }),
    });
    const row = (await screen.findByText('Digital — Yearly')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 5)).toEqual([
      '10-Jan-2030',
      '10-Jan-2031',
      'Yearly',
      'Active Pending payment',
      '2',
    ]);
    const other = screen.getByText('Archive — Pass').closest('tr')!;
    expect([...other.querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 3)).toEqual([
      '-',
      '-',
      'One-off',
    ]);
    expect(within(other).queryByRole('button')).toBeNull();
    expect(harness.published).toContainEqual({ name: 'purchasesList.loaded', payload: { count: 2 } });
  });

  it('reloads on session events: another frame logged out, then the list is gone', async () => {
    const { harness, server } = setup({
      'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [purchase('ACTIVE')] }),
    });
    expect(await screen.findByText('Digital — Yearly')).toBeTruthy();
    // The other frame's logout cleared the stored session; this frame adopts it on the event.
    act(() => harness.services.events.emit({ name: 'logout.action', payload: {} }));
    expect(await screen.findByText('Please log in to see this.')).toBeTruthy();
    expect(screen.queryByText('Digital — Yearly')).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it("says 'No purchases' when there are none", async () => {
    setup({ 'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [] }) });
    expect(await screen.findByText('No purchases')).toBeTruthy();
  });

  it('the actions menu works from the keyboard; add beneficiary validates, invites, refuses a duplicate', async () => {
    let invites = 0;
    const { server, harness } = setup({
      'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [purchase('ACTIVE')] }),
      'POST /pm/api/widget/account/beneficiary/invite/': (request) => {
        invites += 1;
        return invites === 1
          ? {
              status: 201,
              body: { key: 'g-1', email: 'friend@x.test', status: 'PENDING', subscriptionId: 'sub-1' },
            }
          : {
              status: 409,
              body: { code: 'duplicated_beneficiary', message: 'Duplicate beneficiary for this purchase', args: [] },
            };
        void request;
      },
    });
    const menuButton = await screen.findByRole('button', { name: 'Actions for Digital — Yearly' });
    menuButton.focus();
    await userEvent.keyboard('{ArrowDown}');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Display beneficiaries', 'Add beneficiary']);
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowDown}{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Add beneficiary to Digital — Yearly' });
    const email = within(dialog).getByLabelText('Email');
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await userEvent.click(email);
    await userEvent.tab();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Email is required.');
    await userEvent.type(email, 'not-an-email');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Email is invalid.');
    await userEvent.clear(email);
    await userEvent.type(email, 'friend@x.test');
    await userEvent.type(within(dialog).getByLabelText('Message (optional)'), 'Enjoy');
    await waitFor(() => expect(add.disabled).toBe(false));
    await userEvent.click(add);
    expect(await within(dialog).findByText('Your friend has been invited')).toBeTruthy();
    // The Add button that had the focus is gone: the success view's Close has it.
    expect(document.activeElement).toBe(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1));
    const sent = server.requests.find((request) => request.method === 'POST')!;
    expect(sent.body).toEqual({ subscriptionId: 'sub-1', email: 'friend@x.test', message: 'Enjoy' });
    expect(harness.published).toContainEqual({ name: 'beneficiary.invited', payload: { subscriptionId: 'sub-1' } });

    // Again with the same address: the duplicate is refused with the spec's words.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Digital — Yearly' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add beneficiary' }));
    const again = await screen.findByRole('dialog', { name: 'Add beneficiary to Digital — Yearly' });
    await userEvent.type(within(again).getByLabelText('Email'), 'friend@x.test');
    await userEvent.click(within(again).getByRole('button', { name: 'Add' }));
    expect((await within(again).findByRole('alert')).textContent).toContain('Duplicate beneficiary for this purchase');
    // The Add button that had the focus was disabled while sending (a browser drops the focus to the
    // body then): the email field has it, so Escape still closes the dialog.
    expect(document.activeElement).toBe(within(again).getByLabelText('Email'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);

  it('a dialog opened from the actions menu gives the focus back to the menu button when it closes', async () => {
    setup({
      'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [purchase('ACTIVE')] }),
      'GET /pm/api/widget/account/beneficiary/sub-1': () => ({ status: 200, body: [] }),
    });
    const menuButton = await screen.findByRole('button', { name: 'Actions for Digital — Yearly' });
    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Display beneficiaries' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries of Digital — Yearly' });
    expect(await within(dialog).findByText('No beneficiaries')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Add beneficiary' }));
    await userEvent.keyboard('{Enter}');
    const add = await screen.findByRole('dialog', { name: 'Add beneficiary to Digital — Yearly' });
    await userEvent.click(within(add).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(menuButton);
  }, 20_000);

  it('a removed beneficiary leaves the list at once, while the list reloads', async () => {
    // The reload after the removal does not end during this test.
    setup(oneBeneficiaryRoutes(() => new Promise(() => {})));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Digital — Yearly' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Display beneficiaries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries of Digital — Yearly' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove friend@x.test' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, remove' }));
    expect(await within(dialog).findByText('friend@x.test has been removed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove friend@x.test' })).toBeNull();
    // The confirmation's opener went with the row: the dialog's Close has the focus.
    expect(document.activeElement).toBe(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1));
  }, 20_000);

  it('beneficiaries dialog: email and status; removal asks first, cancel keeps, confirm removes', async () => {
    const { server } = setup(oneBeneficiaryRoutes(() => ({ status: 200, body: [] })));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Digital — Yearly' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Display beneficiaries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beneficiaries of Digital — Yearly' });
    const row = (await within(dialog).findByText('friend@x.test')).closest('tr')!;
    expect(within(row).getByText('Accepted')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove friend@x.test' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove beneficiary' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(row).getByRole('button', { name: 'Remove friend@x.test' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, remove' }));
    expect(await within(dialog).findByText('No beneficiaries')).toBeTruthy();
    expect(within(dialog).getByText('friend@x.test has been removed')).toBeTruthy();
  }, 20_000);
});
