import { expect, type Frame, type Page } from '@playwright/test';
import { BOTH_STORAGE_MODES } from '../../playwright.config';
import { HOSTILE_FLAG, HOSTILE_SECTION, HOSTILE_TEXTS } from '../../scripts/e2e-fixtures';
import { test } from '../support/api-test';
import { createCustomer, Shop, uniqueEmail } from '../support/purchase';
import { stack } from '../support/stack';
import { widgetFrame, widgetSelector } from '../support/widgets';

/**
 * A site owner's paywall template that attacks (issue 15): the e2e stack seeds a segment whose
 * template holds a script, an image error handler, a click handler, a javascript: link, a nested
 * frame, a form posting to javascript: and styles that try to hide the offer and cover the page
 * (scripts/e2e-fixtures.ts). Through the real loader, paywall frame and server template, none of
 * it runs or shows, and the paywall's own offer still works.
 *
 * The host page is the demo's premium article, declaring the hostile segment's section.
 */
const ARTICLE = () => `${stack.demoUrl}/premium-article?story=1&section=${HOSTILE_SECTION}`;

/** Whatever of the payload ran, as one window saw it: its flag and the messages it posted. */
async function trace(target: Page | Frame) {
  return target.evaluate(
    ([flag]) => {
      const seen = window as unknown as Record<string, unknown>;
      return { flag: seen[flag!] ?? null, messages: (seen.__hostileMessages as string[] | undefined) ?? [] };
    },
    [HOSTILE_FLAG],
  );
}

test(
  'hostile paywall template HTML is shown inert, and the paywall offer still works',
  { tag: BOTH_STORAGE_MODES },
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // In every window of the page (the host, the widget frames): what the payload posts, if it runs.
    await page.addInitScript(
      ([flag]) => {
        const messages: string[] = [];
        (window as unknown as { __hostileMessages: string[] }).__hostileMessages = messages;
        window.addEventListener('message', (event) => {
          if (typeof event.data === 'string' && event.data.startsWith(flag!)) messages.push(event.data);
        });
      },
      [HOSTILE_FLAG],
    );
    await page.goto(ARTICLE());

    const paywall = widgetFrame(page, 'paywall');
    await expect(paywall.getByRole('heading', { name: HOSTILE_TEXTS.heading })).toBeVisible();
    const frame = page.frames().find((candidate) => /\/w\/paywall[?#]/.test(candidate.url()));
    expect(frame, 'the paywall frame').toBeDefined();

    // What reached the document: the text, none of the active parts.
    const template = paywall.locator('.paywall-template');
    const left = await template.evaluate((element) => ({
      active: element.querySelectorAll('script, iframe, form, input, button, style, object, embed, [style], [action]')
        .length,
      handlers: [...element.querySelectorAll('*')].flatMap((node) =>
        [...node.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => attribute.name),
      ),
      scriptUrls: [...element.querySelectorAll('[href], [src]')].filter((node) =>
        /^\s*javascript:/i.test(node.getAttribute('href') ?? node.getAttribute('src') ?? ''),
      ).length,
    }));
    expect(left).toEqual({ active: 0, handlers: [], scriptUrls: 0 });
    await expect(template.getByText(HOSTILE_TEXTS.clickable)).toBeVisible();
    await expect(paywall.getByRole('button', { name: HOSTILE_TEXTS.formButton })).toHaveCount(0);
    expect(page.frames().filter((candidate) => candidate.url().startsWith('about:srcdoc'))).toEqual([]);

    // The link is no link any more, and neither it nor the clickable text does anything.
    const link = template.getByText(HOSTILE_TEXTS.link);
    await expect(link).toBeVisible();
    await expect(link).not.toHaveAttribute('href', /.*/);
    await link.click();
    await template.getByText(HOSTILE_TEXTS.clickable).click();
    // The image has failed to load by now (so its handler would have run).
    await expect
      .poll(() => template.locator('img').evaluate((image) => (image as HTMLImageElement).complete))
      .toBe(true);
    await expect(page).toHaveURL(ARTICLE());

    for (const target of [page, frame!]) expect(await trace(target)).toEqual({ flag: null, messages: [] });
    expect(dialogs).toEqual([]);

    // The styles did not hide the offer or cover the frame: a real click reaches its buttons. The
    // product selection opens in the modal with the plans.
    await paywall.getByRole('button', { name: 'Choose a plan' }).click();
    const shop = new Shop(page);
    await expect(shop.plan('Yearly', 'Digital access')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: /close/i }).first().click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // And login: a customer without the subscription logs in through it, and the paywall asks
    // again and shows the subscription offer (the service's template for that case).
    const email = uniqueEmail();
    await createCustomer(request, email, 'hostile-pw-1');
    await paywall.getByRole('button', { name: 'Log in' }).click();
    const modalLogin = page.getByRole('dialog').frameLocator(widgetSelector('login'));
    await modalLogin.getByLabel('Email').fill(email);
    await modalLogin.getByLabel('Password', { exact: true }).fill('hostile-pw-1');
    await modalLogin.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(paywall.getByRole('heading', { name: 'This article is for subscribers' })).toBeVisible();

    for (const target of [page, frame!]) expect(await trace(target)).toEqual({ flag: null, messages: [] });
    expect(dialogs).toEqual([]);
  },
);
