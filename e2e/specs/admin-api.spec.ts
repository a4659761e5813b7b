/**
 * Configuration at run time (issue 27), in a real browser against the real stack: a plan the site
 * owner adds through the admin API shows in the product-selection widget of a live page after a
 * reload — no rebuild, no restart. The change is the catalogue's, so this file runs on a stack of
 * its own (the specs beside it keep the demo catalogue they expect).
 */
import { expect } from '@playwright/test';
import { startStack, type RunningStack } from '../../scripts/stack-process';
import { test } from '../support/api-test';
import { Shop } from '../support/purchase';
import { E2E_ENV } from '../support/stack';
import { untilFramesSettled } from '../support/widgets';

let own: RunningStack;
const shared = { widgets: process.env.FOYER_WIDGETS_URL, demo: process.env.FOYER_DEMO_URL };
test.beforeAll(async () => {
  test.setTimeout(90_000);
  own = await startStack(['--ephemeral', '--e2e-fixtures'], { env: E2E_ENV });
  // The support helpers (Shop) read the stack's URLs from here.
  process.env.FOYER_WIDGETS_URL = own.widgetsUrl;
  process.env.FOYER_DEMO_URL = own.demoUrl;
});
test.afterAll(async () => {
  process.env.FOYER_WIDGETS_URL = shared.widgets;
  process.env.FOYER_DEMO_URL = shared.demo;
  await own?.stop();
});

type Catalogue = { products: { name: string; plans: Record<string, unknown>[] }[] };

test('a plan added through the admin API is offered on a live page after a reload, with no restart', async ({
  page,
  playwright,
}) => {
  // The owner's tool is no frame: a plain client (the suite's `request` sends a frame's token,
  // which the admin API refuses).
  const request = await playwright.request.newContext();
  const headers = { authorization: `Bearer ${own.adminKey}` };
  const shop = new Shop(page);
  await shop.open();
  const quarterly = shop.plan('Quarterly', 'Digital access');
  await expect(shop.plan('Monthly', 'Digital access')).toBeVisible();
  await expect(quarterly).toHaveCount(0);

  // The site owner's tool: read the catalogue, add a quarterly plan, write it back.
  const read = await request.get(`${own.widgetsUrl}/admin/api/config/catalogue`, { headers });
  expect(read.ok(), await read.text()).toBe(true);
  const catalogue = (await read.json()) as Catalogue;
  catalogue.products
    .find((product) => product.name === 'demo-digital')!
    .plans.push({
      id: 'digital-quarterly-eur',
      displayName: 'Quarterly',
      description: 'Three months at a time',
      currency: 'EUR',
      finalPrice: '27.00',
      frequency: 'MONTH3',
    });
  const written = await request.put(`${own.widgetsUrl}/admin/api/config/catalogue`, { headers, data: catalogue });
  expect(written.ok(), await written.text()).toBe(true);

  // The same server, a reload: the new plan is there and can be picked.
  await page.reload();
  await expect(quarterly).toBeVisible();
  // The catalogue just drew a plan more and is still growing its frame: a click aimed now lands
  // where the button was (lost once in a full run).
  await untilFramesSettled(page);
  await shop.pick('Quarterly', 'Digital access');
  await expect(shop.summary.getByText('€ 27.00').first()).toBeVisible();

  // And the write is in the audit log, with who made it.
  const audit = await request.get(`${own.widgetsUrl}/admin/api/audit?limit=1`, { headers });
  expect(((await audit.json()) as { entries: { actor: string; target: string }[] }).entries[0]).toMatchObject({
    actor: expect.stringMatching(/^apikey:stack /),
    target: 'catalogue',
  });
  await request.dispose();
});
