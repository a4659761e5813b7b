/**
 * Nothing on the page moves while the visitor presses (issue 29): between a pointer's down and up
 * a click lands where it began only if what is under it stays put. So while a press is held — in
 * the host page (seen here) or in any Foyer frame (which says so through `press`) — the frames'
 * new heights wait, and the latest one of each frame is applied when the last press ends: after
 * a login, the frames below move once the visitor let go, never under a click. A press whose end
 * never comes (the pointer released outside every document) holds at most MAX_HOLD_MS.
 *
 * Part of dist/penpal.js (penpal-entry.ts): only a page with a connected frame needs it.
 */
const MAX_HOLD_MS = 1500;

/** Who is pressing: the host page, or a frame (by its record in frames.ts). */
const pressing = new Set<unknown>();
const held = new Map<HTMLIFrameElement, () => void>();
let limit: ReturnType<typeof setTimeout> | undefined;

function release(): void {
  pressing.clear();
  clearTimeout(limit);
  for (const apply of held.values()) apply();
  held.clear();
}

/** A press of `source` began (`down` true) or ended; anything but a boolean is ignored. */
export function press(source: unknown, down: unknown): void {
  if (down === true) {
    pressing.add(source);
    clearTimeout(limit);
    limit = setTimeout(release, MAX_HOLD_MS);
  } else if (down === false && pressing.delete(source) && !pressing.size) release();
}

/** Applies a frame's new height now, or when the presses end (the latest per frame). */
export function sized(iframe: HTMLIFrameElement, apply: () => void): void {
  if (pressing.size) held.set(iframe, apply);
  else apply();
}

// The host page's own presses (capture: a page's handler cannot hide them).
const HOST = 'host';
addEventListener('pointerdown', () => press(HOST, true), true);
for (const end of ['pointerup', 'pointercancel'] as const) addEventListener(end, () => press(HOST, false), true);
