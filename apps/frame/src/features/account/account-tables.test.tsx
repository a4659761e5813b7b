/**
 * Every table of the account area labels each body cell with its column's translated header
 * (`data-label`, shown before the value when a narrow frame stacks the rows), in English and in
 * Spanish, and keeps its explicit table roles (AccountTable.tsx says why).
 */
import '../../test/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  grantInvitationsAttributesSchema,
  invitationsListAttributesSchema,
  purchasesListAttributesSchema,
  subscriptionsListAttributesSchema,
} from '@foyer/protocol';
import { loadLocale, setLocale } from '../../app/i18n';
import { sessionStateFrom } from '../../app/store/sessionSlice';
import { fakeIdentityServer, makeHarness, renderWith, SESSION_ID, type Handler } from '../../test/harness';
import GrantInvitations from '../../widgets/grant-invitations';
import PurchasesList from '../../widgets/purchases-list';
import SubscriptionsList from '../../widgets/subscriptions-list';
import InvitationsList from '../../widgets/v1/invitations-list';

const session = sessionStateFrom({ guid: 'guid-1', sessionId: SESSION_ID, expiry: 0, sessionCookie: false });

const purchase = {
  id: 'pu-1',
  status: 'ACTIVE',
  orderItemId: 'it-1',
  orderItem: {
    product: { name: 'demo-digital', displayName: 'Digital' },
    paymentPlan: { _id: 'digital-yearly-eur', displayName: 'Yearly', frequency: { id: 'MONTH12' } },
  },
  subscription: { id: 'sub-1', status: 'ACTIVE', startDate: '2030-01-10', endDate: '2031-01-10' },
  beneficiaries: 1,
};
const subscription = {
  _id: 'sub-1',
  pName: 'Digital',
  startDate: '2030-03-05',
  paymentPlan: { _id: 'y', displayName: 'Yearly', frequency: { id: 'MONTH12' } },
  status: 'ACTIVE',
  productId: 'demo-digital',
};
const grant = (key: string, status: string) => ({
  key,
  roleName: 'demo-digital:reader',
  status,
  email: `${key}@x.test`,
  subscriptionId: 'sub-1',
  productName: 'Digital',
  expiresAt: Date.now() + 86_400_000,
});

const ROUTES: Record<string, Handler> = {
  'GET /pm/api/widget/account/purchases/': () => ({ status: 200, body: [purchase] }),
  'GET /pm/api/widget/account/beneficiary/sub-1': () => ({
    status: 200,
    body: [{ key: 'g-1', email: 'friend@x.test', status: 'PENDING', subscriptionId: 'sub-1' }],
  }),
  'GET /pm/api/account/guid-1': () => ({ status: 200, body: { guid: 'guid-1', subscriptions: [subscription] } }),
  'GET /userProfile/guid-1/grant/sent': () => ({ status: 200, body: [grant('g-1', 'PENDING')] }),
  // One to answer (its cell holds Accept and Decline), one answered (its status as text).
  'GET /pm/api/widget/account/grant/received': () => ({
    status: 200,
    body: [grant('g-2', 'PENDING'), grant('g-3', 'ACCEPTED')],
  }),
};

function show(ui: ReactElement, attributes: Record<string, unknown>) {
  const server = fakeIdentityServer(ROUTES);
  renderWith(makeHarness({ fetch: server.fetch, attributes, preloaded: { session } }), ui);
}

/** The table's column headers, and each body row's cells' labels and roles, all equal to `labels`. */
function expectLabelled(table: HTMLElement, labels: readonly string[]) {
  expect(table.getAttribute('role')).toBe('table');
  expect([...table.querySelectorAll('thead th')].map((header) => header.textContent)).toEqual(labels);
  const rows = [...table.querySelectorAll('tbody tr')];
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const cells = [...row.children];
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(labels);
    expect(cells.map((cell) => cell.getAttribute('role'))).toEqual(['rowheader', ...labels.slice(1).map(() => 'cell')]);
  }
}

const LABELS = {
  en: {
    purchases: ['Product', 'Start date', 'End date', 'Frequency', 'Status', 'Beneficiaries', 'Actions'],
    beneficiaries: ['Email', 'Status', 'Actions'],
    subscriptions: ['Name', 'Start date', 'Plan frequency', 'Status'],
    invitations: ['Email', 'Status', 'Actions'],
    grants: ['Subscription', 'Role', 'Status'],
    actionsFor: 'Actions for Digital — Yearly',
    display: 'Display beneficiaries',
  },
  es: {
    purchases: ['Producto', 'Fecha de inicio', 'Fecha de fin', 'Frecuencia', 'Estado', 'Beneficiarios', 'Acciones'],
    beneficiaries: ['Correo electrónico', 'Estado', 'Acciones'],
    subscriptions: ['Nombre', 'Fecha de inicio', 'Frecuencia del plan', 'Estado'],
    invitations: ['Correo electrónico', 'Estado', 'Acciones'],
    grants: ['Suscripción', 'Rol', 'Estado'],
    actionsFor: 'Acciones de Digital — Yearly',
    display: 'Ver beneficiarios',
  },
} as const;

afterEach(() => setLocale('en'));

describe.each(['en', 'es'] as const)('account tables in %s: each body cell is labelled by its header', (locale) => {
  const labels = LABELS[locale];

  it('purchases-list, and its beneficiaries dialog', async () => {
    await loadLocale(locale);
    const attributes = purchasesListAttributesSchema.parse({});
    show(<PurchasesList attributes={attributes} />, attributes);
    expectLabelled(await screen.findByRole('table'), labels.purchases);

    await userEvent.click(screen.getByRole('button', { name: labels.actionsFor }));
    await userEvent.click(screen.getByRole('menuitem', { name: labels.display }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('friend@x.test');
    expectLabelled(within(dialog).getByRole('table'), labels.beneficiaries);
  }, 20_000);

  it('v1/subscriptions-list', async () => {
    await loadLocale(locale);
    const attributes = subscriptionsListAttributesSchema.parse({});
    show(<SubscriptionsList attributes={attributes} />, attributes);
    expectLabelled(await screen.findByRole('table'), labels.subscriptions);
  });

  it('v1/invitations-list', async () => {
    await loadLocale(locale);
    const attributes = invitationsListAttributesSchema.parse({});
    show(<InvitationsList attributes={attributes} />, attributes);
    expectLabelled(await screen.findByRole('table'), labels.invitations);
  });

  it('grant-invitations', async () => {
    await loadLocale(locale);
    const attributes = grantInvitationsAttributesSchema.parse({});
    show(<GrantInvitations attributes={attributes} />, attributes);
    expectLabelled(await screen.findByRole('table'), labels.grants);
  });
});
