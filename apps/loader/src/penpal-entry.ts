/** Entry of dist/penpal.js: loaded when the first widget frame is placed (see parts.ts). */
import { connect, WindowMessenger } from 'penpal';

export type PenpalPart = { connect: typeof connect; WindowMessenger: typeof WindowMessenger };

(window as unknown as { FoyerPenpal: PenpalPart }).FoyerPenpal = { connect, WindowMessenger };
