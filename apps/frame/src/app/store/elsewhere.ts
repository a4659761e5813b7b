/**
 * Marks an action whose state this frame did not change itself: a sibling frame's change heard
 * over the channel (siblings.ts), or what the shared storage already holds. The slices apply it
 * like any other; the shared-state listener (sharedState.ts) does not pass it on, so a change
 * travels once and frames never echo one another.
 */
import type { UnknownAction } from '@reduxjs/toolkit';

export function fromElsewhere<A extends UnknownAction>(action: A): A {
  const meta = typeof action.meta === 'object' && action.meta !== null ? action.meta : {};
  return { ...action, meta: { ...meta, elsewhere: true } };
}

export function isFromElsewhere(action: UnknownAction): boolean {
  const meta = action.meta;
  return typeof meta === 'object' && meta !== null && (meta as { elsewhere?: unknown }).elsewhere === true;
}
