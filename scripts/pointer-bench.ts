/**
 * How far the page moves under a press (issue 29): for scripted journeys on the demo's account
 * page, each press is a real pointer press (Playwright's mouse at the control's place on the
 * page, held for 8 animation frames, about a person's click) while the host page samples every
 * Foyer iframe's position each animation frame. The figure is the largest distance any frame
 * moved between pointer-down and pointer-up: a click whose target moves in between ends somewhere
 * else. The goal is 0 px.
 */
import type { Browser, Locator, Page } from 'playwright-core';

/** Frames of the host page held for each press. */
const PRESS_FRAMES = 8;

/** In-page code (a string: tsx's helpers do not exist in the page). */
const WATCH = `(() => {
  const positions = () => [...document.querySelectorAll('iframe')].map((frame) => {
    const box = frame.getBoundingClientRect();
    return [box.left, box.top];
  });
  const start = positions();
  const state = { moved: 0, on: true };
  const sample = () => {
    positions().forEach(([left, top], index) => {
      const [left0, top0] = start[index] ?? [left, top];
      state.moved = Math.max(state.moved, Math.abs(left - left0), Math.abs(top - top0));
    });
  };
  const tick = () => {
    if (!state.on) return;
    sample();
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__press = { state, sample };
})()`;
const HOLD = `new Promise((resolve) => {
  let frames = 0;
  const next = () => (++frames >= ${PRESS_FRAMES} ? resolve(undefined) : requestAnimationFrame(next));
  requestAnimationFrame(next);
})`;
/** The last sample, still before the pointer goes up: what moves after it is not under the press. */
const STOP = `(() => {
  window.__press.sample();
  window.__press.state.on = false;
  return window.__press.state.moved;
})()`;

/** Presses `control` as a person would; answers how far any frame moved meanwhile (px). */
export async function pressMovement(page: Page, control: Locator): Promise<number> {
  await control.waitFor({ state: 'visible' });
  const box = await control.boundingBox();
  if (!box) throw new Error('pointer bench: the control has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(WATCH);
  await page.mouse.down();
  await page.evaluate(HOLD);
  const moved = (await page.evaluate(STOP)) as number;
  await page.mouse.up();
  return Math.round(moved);
}

export interface PressJourney {
  /**
   * What was pressed, in order, and how far the page moved under each press; `lost` when the
   * press did not do what it should (the next control never came: the click landed elsewhere).
   */
  presses: { name: string; moved: number; lost?: boolean }[];
}

/** How long the next control may take to show after a press before the press counts as lost. */
const NEXT_SHOWS_MS = 10_000;
const shows = (control: Locator) =>
  control.waitFor({ state: 'visible', timeout: NEXT_SHOWS_MS }).then(
    () => true,
    () => false,
  );

/**
 * My account, logged out: log in with the page's login widget, then at once (as soon as it shows)
 * open the first purchase's Actions menu below it — the login form collapsing above is what could
 * move it — then choose "Add beneficiary", which opens the beneficiary dialog.
 */
export async function accountJourney(
  browser: Browser,
  demoUrl: string,
  account: { email: string; password: string },
): Promise<PressJourney> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${demoUrl}/my-account`);
    const login = page.frameLocator('iframe[src*="/w/login"]');
    const list = page.frameLocator('iframe[src*="/w/purchases-list"]');
    await login.getByLabel('Email').fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill(account.password);
    const steps = [
      { name: 'log in', control: login.getByRole('button', { name: 'Log in', exact: true }) },
      {
        name: 'then at once Actions (the list below the login)',
        control: list.getByRole('button', { name: /^Actions for / }).first(),
      },
      { name: 'Add beneficiary in the menu', control: list.getByRole('menuitem', { name: 'Add beneficiary' }) },
      { name: 'the beneficiary dialog opened', control: list.getByRole('dialog') },
    ];
    const presses: PressJourney['presses'] = [];
    for (const [index, { name, control }] of steps.entries()) {
      const next = steps[index + 1];
      if (!next) break;
      const moved = await pressMovement(page, control);
      const lost = !(await shows(next.control));
      presses.push({ name, moved, ...(lost ? { lost } : {}) });
      if (lost) break;
    }
    return { presses };
  } finally {
    await context.close();
  }
}
