/**
 * Entry of dist/penpal.js: loaded when the first widget frame is placed (see parts.ts). It also
 * carries the check of the events frames publish (the list of every event name): no event can
 * arrive before a frame is connected, so loader.js need not carry it.
 */
import { connect, WindowMessenger } from 'penpal';
import { isEventEnvelope } from '@foyer/protocol/light';
import { keepSocialAttempt } from './social-attempt';

export type PenpalPart = {
  connect: typeof connect;
  WindowMessenger: typeof WindowMessenger;
  isEventEnvelope: typeof isEventEnvelope;
  keepSocialAttempt: typeof keepSocialAttempt;
};

(window as unknown as { FoyerPenpal: PenpalPart }).FoyerPenpal = {
  connect,
  WindowMessenger,
  isEventEnvelope,
  keepSocialAttempt,
};
