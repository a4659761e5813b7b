/**
 * The checkout by keyboard alone (issue 12, Build item 4), on the demo shop against the real
 * stack: Tab, Space, arrows, typing and Enter only. The modal is named after its step, the first
 * Tab after a step change stays inside it, Esc inside a step's frame closes it, and the focus
 * returns to the control that opened it (product-selection's Continue, inside its frame).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { untilFramesSettled } from '../support/widgets';

/** True when `control` has the focus of the whole page: its document is the focused one. */
const focused = (control: Locator) =>
  control.evaluate((element) => element.ownerDocument.hasFocus() && element.ownerDocument.activeElement === element);

/** The host page's focus is inside the modal (the dialog or a frame within it). */
const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

/**
 * Where the focus is, across the page and its frames: the focused document's active element. A
 * key that moves the focus changes it; the frames' documents are asked in turn.
 */
async function focusSignature(page: Page): Promise<string> {
  const parts = await Promise.all(
    page
      .frames()
      .map((frame) =>
        frame
          .evaluate(() =>
            document.hasFocus() && document.activeElement
              ? `${location.pathname}|${document.activeElement.outerHTML.slice(0, 200)}`
              : '',
          )
          .catch(() => ''),
      ),
  );
  return parts.join('¦');
}

/**
 * Presses `key` and waits until the focus has moved: focus crossing between a frame and the page
 * is asynchronous, so the next check waits on the move itself, not on a pause.
 */
async function pressToMove(page: Page, key: string): Promise<void> {
  const before = await focusSignature(page);
  // A date input (the delivery start) takes Tab through its own parts (month, day, year) before
  // the next control, as a keyboard visitor meets it: they type the date, its parts filling in
  // turn, and the Tab after the year leaves it. Here the earliest day the input offers.
  const emptyDate = /type="date" value=""/.test(before) && before.match(/min="(\d{4})-(\d{2})-(\d{2})"/);
  if (key === 'Tab' && emptyDate) await page.keyboard.type(`${emptyDate[2]}${emptyDate[3]}${emptyDate[1]}`);
  await page.keyboard.press(key);
  await expect.poll(() => focusSignature(page), { message: `focus moved by ${key}` }).not.toBe(before);
}

/** Presses Tab until `control` has the focus; every stop on the way must satisfy `check`. */
async function tabTo(page: Page, control: Locator, check?: () => Promise<boolean>, max = 40): Promise<void> {
  await expect(control).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await focused(control)) return;
    await pressToMove(page, 'Tab');
    if (check) expect(await check(), `Tab stop ${i + 1} before ${String(control)}`).toBe(true);
  }
  throw new Error(`Tab never reached ${String(control)}`);
}

async function type(
  page: Page,
  control: Locator,
  text: string,
  check: () => Promise<boolean>,
  value = text,
): Promise<void> {
  await tabTo(page, control, check);
  await page.keyboard.type(text);
  await expect(control).toHaveValue(value);
}

async function pickByKeyboard(page: Page, shop: Shop): Promise<Locator> {
  await shop.open();
  const plan = shop.plan('Monthly', 'Print and digital');
  await tabTo(page, plan);
  await page.keyboard.press('Space');
  await expect(plan).toHaveAttribute('aria-pressed', 'true');
  // Bank transfer in the payment-type select: arrows change a closed select's choice.
  const select = shop.paymentType.getByRole('combobox');
  await tabTo(page, select);
  for (
    let i = 0;
    i < 6 && (await select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)) !== 'Bank transfer';
    i++
  )
    await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('BANK_TRANSFER');
  // Continue: Shift+Tab back up to the selection's own button.
  const next = shop.selection.getByRole('button', { name: 'Continue', exact: true });
  for (let i = 0; i < 40 && !(await focused(next)); i++) {
    await pressToMove(page, 'Shift+Tab');
  }
  expect(await focused(next)).toBe(true);
  return next;
}

test('the checkout walked by keyboard alone: pick, continue, log in, details, review, pay; focus returns to Continue', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail();
  await createCustomer(request, email, 'customer-pw-7');
  const shop = new Shop(page);
  const next = await pickByKeyboard(page, shop);
  const inside = () => focusInDialog(page);

  await page.keyboard.press('Enter');
  await expect(shop.dialog).toHaveAccessibleName('Log in');
  await expect.poll(inside).toBe(true);
  const login = shop.step('login');
  await type(page, login.getByLabel('Email'), email, inside);
  await type(page, login.getByLabel('Password', { exact: true }), 'customer-pw-7', inside);
  // Enter submits the form on keydown; the key is released once the login's frame is gone (see Space below).
  await page.keyboard.down('Enter');

  // The details step replaces the login: the first Tab must not reach the page behind.
  await expect(shop.dialog).toHaveAccessibleName('Your details');
  await page.keyboard.up('Enter');
  const address = shop.deliveryAddress();
  await expect(address).toBeVisible();
  await pressToMove(page, 'Tab');
  expect(await inside(), 'first Tab after the step change').toBe(true);
  await type(page, address.getByLabel('Full name'), 'Ada Lovelace', inside);
  await type(page, address.getByLabel('Address line 1'), '12 Rue de la Loi', inside);
  await type(page, address.getByLabel('City'), 'Brussels', inside);
  await type(page, address.getByLabel('Postal code'), '1000', inside);
  // The country is a select: typing its name picks it, as a keyboard visitor does.
  await type(page, address.getByLabel(/^Country/), 'Belgium', inside, 'BE');
  // Buttons that end a step are pressed with Space, which a keyboard visitor uses as much as Enter.
  // Enter activates a button on keydown, so the step's frame can be replaced before the keyup
  // reaches it; Chromium then never acknowledges that keyup and Playwright's press never returns
  // (seen in CI at Confirm order). Space activates on keyup, once the key is released.
  await tabTo(page, shop.saveProfile, inside);
  await page.keyboard.press('Space');

  await expect(shop.dialog).toHaveAccessibleName('Review your order');
  await tabTo(page, shop.confirmOrder, inside);
  await page.keyboard.press('Space');

  await expect(shop.dialog).toHaveAccessibleName('Payment');
  await tabTo(page, shop.pay, inside);
  await page.keyboard.press('Space');
  // A bank transfer (issue 25): the instructions stay until the visitor presses Done.
  await expect(shop.transferInstructions).toBeVisible();
  await tabTo(page, shop.transferDone, inside);
  // Done closes the modal: the frame holding the focus goes away as the key is released, and
  // Chromium may then never acknowledge the keyup, so Playwright's press would wait forever (it
  // did once in a full run). What the visitor sees — the modal closed — is what is waited for.
  const released = page.keyboard.press('Space').catch(() => undefined);
  await Promise.race([released, expect(shop.dialog).toHaveCount(0, { timeout: 20_000 })]);

  await expect(shop.paid).toBeVisible();
  await expect(shop.dialog).toHaveCount(0);
  await expect.poll(() => focused(next)).toBe(true);
});

test('Esc inside the login step closes the modal and gives the focus back to Continue', async ({ page }) => {
  const shop = new Shop(page);
  const next = await pickByKeyboard(page, shop);
  await page.keyboard.press('Enter');
  await expect(shop.dialog).toHaveAccessibleName('Log in');
  const email = shop.step('login').getByLabel('Email');
  await tabTo(page, email, () => focusInDialog(page));
  // Only the key press: its frame is removed before a key release could reach it. The press
  // itself may never be acknowledged by that frame (it is gone), as with Space above: what the
  // visitor sees — the modal closed — is what is waited for (a full run once hung on the press).
  const pressed = page.keyboard.down('Escape').catch(() => undefined);
  await Promise.race([pressed, expect(shop.dialog).toHaveCount(0, { timeout: 20_000 })]);
  await expect(shop.dialog).toHaveCount(0);
  await expect.poll(() => focused(next)).toBe(true);
  await page.keyboard.up('Escape');
  await expect(page.locator('#event-log')).toContainText('foyer:modal.dismissed');
  // The runners behind were calm while the modal waited; closed, they are back to normal.
  await expect(next).toBeEnabled();
  await expect(shop.checkout).toBeEnabled();
});

test('on a 320 px phone the modal takes the whole screen without widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`${stack.demoUrl}/social`);
  // The login above grows as its social buttons load: the button moves down meanwhile.
  await untilFramesSettled(page);
  await page.getByRole('button', { name: 'Log in in a window' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog.frameLocator('iframe').getByLabel('Email')).toBeVisible();
  // The box's padding is inside its width: nothing to scroll sideways to, the frame within the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const frame = await dialog.locator('iframe').boundingBox();
  expect(frame!.x).toBeGreaterThanOrEqual(0);
  expect(frame!.x + frame!.width).toBeLessThanOrEqual(320);
});
