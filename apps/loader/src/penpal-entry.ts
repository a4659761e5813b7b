/**
 * Entry of dist/penpal.js: loaded when the first widget frame is placed (see parts.ts). It also
 * carries the check of the events frames publish (the list of every event name): no event can
 * arrive before a frame is connected, so loader.js need not carry it; likewise the keepers of a
 * social trip's attempt and of the paywall's meter id, which only a connected frame asks for, and
 * the hold of the frames' heights while the visitor presses, and the logged-in flag (logged-in.ts),
 * kept from the events as they pass the check.
 */
import { connect, WindowMessenger } from 'penpal';
import { isEventEnvelope, type EventEnvelope } from '@foyer/protocol/light';
import { press, sized } from './layout-hold';
import { keepLoggedIn } from './logged-in';
import { keepMeter } from './meter';
import { keepSocialAttempt } from './social-attempt';

export type PenpalPart = {
  connect: typeof connect;
  WindowMessenger: typeof WindowMessenger;
  isEventEnvelope: typeof isEventEnvelope;
  // Named as the host methods they serve: a few bytes less in loader.js, at its budget.
  socialAttempt: typeof keepSocialAttempt;
  meter: typeof keepMeter;
  /** Frames' heights held while the visitor presses (layout-hold.ts). */
  layout: { press: typeof press; sized: typeof sized };
};

(window as unknown as { FoyerPenpal: PenpalPart }).FoyerPenpal = {
  connect,
  WindowMessenger,
  // Every event a frame publishes passes here first: the checked ones keep the logged-in flag.
  isEventEnvelope: (value: unknown): value is EventEnvelope => {
    if (!isEventEnvelope(value)) return false;
    keepLoggedIn(value);
    return true;
  },
  socialAttempt: keepSocialAttempt,
  meter: keepMeter,
  layout: { press, sized },
};
