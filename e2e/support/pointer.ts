/**
 * A press as a person makes it: look where the control is on the screen, wait until it stays
 * there and nothing covers it, then press and release the mouse button at its centre.
 *
 * Playwright's own `locator.click()` is not used by the journeys, for two reasons (issue 29): its
 * stability check measures a control inside its own frame, so a frame that the loader moves on
 * the host page (a list above filling in, a menu growing its frame) is not seen moving and the
 * click lands on whatever is there now; and its check that the press reached the control waits
 * for an answer from the frame, which never comes when the press itself removes the frame (Done
 * or Pay closing the modal) — the click then hangs until the test's timeout. Here the position is
 * read in the page's coordinates, the hit is checked on the page and in the frame, and the press
 * is a plain mouse press.
 */
import { expect, type Frame, type Locator, type Page } from '@playwright/test';

type Point = { x: number; y: number };

/** Presses `control` with the mouse, once it is enabled, in view, still and uncovered. */
export async function press(control: Locator): Promise<void> {
  const page = control.page();
  await expect(control).toBeEnabled();
  await expect
    .poll(
      async () => {
        if (await scrolledTo(page, control)) return false;
        const point = await steadyCentre(page, control);
        if (point === null || !(await reaches(page, control, point))) return false;
        await page.mouse.move(point.x, point.y);
        await page.mouse.down();
        // What is under the pointer may have changed since it was aimed (a list that reloads and
        // reorders its rows): a person who sees another control under the finger does not let go
        // there. The button is released away from it, which clicks nothing, and aimed again.
        if (!(await reaches(page, control, point))) {
          await page.mouse.move(0, 0);
          await page.mouse.up();
          return false;
        }
        await release(page, await frameOf(control));
        return true;
      },
      { message: 'the control stays in one place, uncovered', intervals: [0, 50, 100, 200] },
    )
    .toBe(true);
}

async function frameOf(control: Locator): Promise<Frame | null> {
  return (await (await control.elementHandle())?.ownerFrame()) ?? null;
}

/**
 * Brings the control into view, as a person scrolls to it; says whether it had to. In a frame,
 * the scroller is the one that holds the frame on the host page (the modal's dialog or the page),
 * so a control below a tall dialog's edge is scrolled to as well. (Playwright's
 * scrollIntoViewIfNeeded first waits for the control to be stable, measured with the frame's
 * animation frames, which Chromium throttles in a cross-origin frame out of view: it would wait
 * forever there. On the page itself it is what a person does.)
 */
async function scrolledTo(page: Page, control: Locator): Promise<boolean> {
  const frame = await frameOf(control);
  if (!frame || frame === page.mainFrame() || frame.parentFrame() !== page.mainFrame()) {
    await control.scrollIntoViewIfNeeded();
    return false;
  }
  const box = await control.boundingBox();
  if (!box) return false;
  return (await frame.frameElement()).evaluate((iframe, target) => {
    let scroller: Element | null = iframe.parentElement;
    while (
      scroller &&
      !(scroller.scrollHeight > scroller.clientHeight && getComputedStyle(scroller).overflowY !== 'visible')
    )
      scroller = scroller.parentElement;
    const view = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: innerHeight };
    const top = Math.max(view.top, 0);
    const bottom = Math.min(view.bottom, innerHeight);
    if (target.y >= top && target.y + target.height <= bottom) return false;
    const by = target.y + target.height / 2 - (top + bottom) / 2;
    (scroller ?? document.scrollingElement ?? document.documentElement).scrollBy(0, by);
    return true;
  }, box);
}

/** The control's centre on the page, once it stayed at the same place for two animation frames. */
async function steadyCentre(page: Page, control: Locator): Promise<Point | null> {
  const before = await control.boundingBox();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const after = await control.boundingBox();
  if (!before || !after) return null;
  const moved = (['x', 'y', 'width', 'height'] as const).some((key) => Math.abs(before[key] - after[key]) > 0.5);
  return moved ? null : { x: after.x + after.width / 2, y: after.y + after.height / 2 };
}

/** Whether a press at this point of the page reaches the control (not a frame or dialog above it). */
async function reaches(page: Page, control: Locator, point: Point): Promise<boolean> {
  const handle = await control.elementHandle();
  const frame = await handle?.ownerFrame();
  if (!handle || !frame) return false;
  if (frame !== page.mainFrame()) {
    const hit = (await page.evaluateHandle(({ x, y }) => document.elementFromPoint(x, y), point)).asElement();
    const hitFrame = hit && (await hit.contentFrame());
    // A frame inside a frame (a provider's card field) is checked from its parent frame.
    if (!hitFrame || (hitFrame !== frame && frame.parentFrame() !== hitFrame)) return false;
  }
  return handle.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (top === element || element.contains(top) || !!top.shadowRoot?.contains(element));
  });
}

/**
 * Releases the button. Chromium never acknowledges a mouse event whose handler removes the frame
 * it was sent to (Done or Pay closing the modal) or closes the window (a provider's popup), and
 * Playwright waits for that acknowledgement: so the release counts as done once it is acknowledged,
 * or once the control's frame or page is gone.
 */
async function release(page: Page, frame: Frame | null): Promise<void> {
  let stopWatching = () => {};
  const gone = new Promise<void>((resolve) => {
    const onDetached = (detached: Frame) => detached === frame && resolve();
    const onClose = () => resolve();
    page.on('framedetached', onDetached);
    page.on('close', onClose);
    stopWatching = () => {
      page.off('framedetached', onDetached);
      page.off('close', onClose);
    };
  });
  const released = page.mouse.up();
  // Once the frame is gone the release may stay unanswered until the page closes.
  released.catch(() => {});
  await Promise.race([released, gone]);
  stopWatching();
}
