/**
 * Frames of one page share the session through storage, but browsers that block third-party
 * storage (Chromium with third-party cookies blocked) refuse `localStorage`/`sessionStorage` to the
 * frames outright. A BroadcastChannel still links same-origin frames of the same page (same
 * storage partition), so the session is also announced there: on login/logout, and on request by
 * a frame that starts without one. The session id never leaves the widgets origin this way.
 */
import * as z from 'zod/mini';
import { storedSessionSchema, type StoredSession } from './sessionStorage';

export const SESSION_CHANNEL_NAME = 'evolok.session';

const messageSchema = z.union([
  z.object({ type: z.literal('session'), session: z.nullable(storedSessionSchema) }),
  z.object({ type: z.literal('request') }),
]);

export interface SessionChannel {
  announce(session: StoredSession | null): void;
  /** Asks the other frames for their session (answered through `onSession`). */
  request(): void;
  close(): void;
}

export function openSessionChannel(
  onSession: (session: StoredSession | null) => void,
  current: () => StoredSession | null,
): SessionChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(SESSION_CHANNEL_NAME);
  } catch {
    return null;
  }
  const post = (message: z.infer<typeof messageSchema>) => {
    try {
      channel.postMessage(message);
    } catch {
      // Closed channel: nothing to tell.
    }
  };
  channel.onmessage = (event: MessageEvent) => {
    const message = messageSchema.safeParse(event.data);
    if (!message.success) return;
    if (message.data.type === 'session') onSession(message.data.session);
    else {
      const session = current();
      if (session) post({ type: 'session', session });
    }
  };
  return {
    announce: (session) => post({ type: 'session', session }),
    request: () => post({ type: 'request' }),
    close: () => channel.close(),
  };
}
