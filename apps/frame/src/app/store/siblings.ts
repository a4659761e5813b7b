/**
 * The one transport for the state a page's frames share (the basket with its running checkout
 * step, the session, the profile): a BroadcastChannel on the widgets origin. It links the
 * same-origin frames of one storage partition (the top-level site), also where the browser
 * refuses storage to third-party frames, and never passes through the host page's scripts.
 *
 * Each kind of state is a topic. A frame shares a topic once its code needs it (the basket only
 * in purchase widgets, so its schema is not on the login's path): from then on it answers siblings
 * that ask for it, and it asks them at once (hello → snapshot), so a frame that joins later (a
 * modal step, an SPA placeholder) starts from the page's current state. Every message is checked
 * on receipt: the sender's origin, the envelope, then the topic's own schema; anything else is
 * ignored. The topics decide their scope from `samePage` (the loader's page id, protocol page.ts).
 */
import { isPageId, randomPageId } from '@foyer/protocol';
import * as z from 'zod/mini';

export const SIBLINGS_CHANNEL_NAME = 'foyer.siblings';

export const SHARED_TOPICS = ['session', 'profile', 'basket', 'v1basket'] as const;
export type SharedTopicName = (typeof SHARED_TOPICS)[number];

const id = z.string().check(z.refine(isPageId));
const common = { topic: z.enum(SHARED_TOPICS), page: id, from: id };

const envelopeSchema = z.union([
  /** A frame starting to share `topic` asks what the others hold. */
  z.object({ kind: z.literal('hello'), ...common }),
  /** A frame changed the state: everyone sharing the topic takes it (within its scope). */
  z.object({ kind: z.literal('state'), ...common, value: z.unknown() }),
  /** The answer to one frame's hello (`to`); only that frame takes it. */
  z.object({ kind: z.literal('snapshot'), ...common, to: id, value: z.unknown() }),
]);
type Envelope = z.infer<typeof envelopeSchema>;

export interface Delivery {
  /** The sender is a frame of this page instance (else: another tab or page of the site). */
  samePage: boolean;
  /** A sibling's answer to this frame's hello, not a change it just made. */
  snapshot: boolean;
}

export interface SharedTopic<T> {
  schema: z.ZodMiniType<T>;
  /** What to tell a sibling that asks; undefined: nothing (none held, or not for that page). */
  current(samePage: boolean): T | undefined;
  /** A sibling's state, already checked against `schema`. */
  receive(value: T, delivery: Delivery): void;
}

export interface Siblings {
  /** This frame's page instance. */
  readonly page: string;
  /**
   * Starts sharing a topic: answers hellos for it, takes its states, and says hello. false (and
   * nothing done) when the topic is already shared.
   */
  share<T>(topic: SharedTopicName, handler: SharedTopic<T>): boolean;
  /** Tells the siblings this frame's new state of a topic. */
  publish(topic: SharedTopicName, value: unknown): void;
  close(): void;
}

export interface SiblingsOptions {
  /** Where the frame runs: its origin is the only one accepted. */
  origin: string;
  page: string;
  /** A channel factory (tests); default the browser's BroadcastChannel. */
  open?: (name: string) => BroadcastChannel;
}

/** The channel to this page's frames; null where the browser has no BroadcastChannel. */
export function openSiblings({ origin, page, open }: SiblingsOptions): Siblings | null {
  let channel: BroadcastChannel;
  try {
    if (open) channel = open(SIBLINGS_CHANNEL_NAME);
    else if (typeof BroadcastChannel === 'function') channel = new BroadcastChannel(SIBLINGS_CHANNEL_NAME);
    else return null;
  } catch {
    return null;
  }
  const self = randomPageId();
  const topics = new Map<SharedTopicName, SharedTopic<unknown>>();

  const post = (message: Envelope) => {
    try {
      channel.postMessage(message);
    } catch {
      // Closed channel, or a value that cannot be cloned: nothing sent, this frame keeps its state.
    }
  };

  const take = (handler: SharedTopic<unknown>, value: unknown, delivery: Delivery) => {
    const checked = handler.schema.safeParse(value);
    if (!checked.success) return;
    try {
      handler.receive(checked.data, delivery);
    } catch (error) {
      console.error('Foyer: a shared state update failed', error);
    }
  };

  channel.onmessage = (event: MessageEvent) => {
    // A BroadcastChannel only links same-origin documents; the check holds if that ever changes.
    if (event.origin && event.origin !== origin) return;
    const parsed = envelopeSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    const handler = topics.get(message.topic);
    if (!handler || message.from === self) return;
    const samePage = message.page === page;
    switch (message.kind) {
      case 'hello': {
        const value = handler.current(samePage);
        if (value !== undefined)
          post({ kind: 'snapshot', topic: message.topic, page, from: self, to: message.from, value });
        break;
      }
      case 'state':
        take(handler, message.value, { samePage, snapshot: false });
        break;
      case 'snapshot':
        if (message.to === self) take(handler, message.value, { samePage, snapshot: true });
        break;
    }
  };

  return {
    page,
    share(topic, handler) {
      if (topics.has(topic)) return false;
      topics.set(topic, handler as SharedTopic<unknown>);
      post({ kind: 'hello', topic, page, from: self });
      return true;
    },
    publish(topic, value) {
      post({ kind: 'state', topic, page, from: self, value });
    },
    close() {
      topics.clear();
      channel.close();
    },
  };
}
