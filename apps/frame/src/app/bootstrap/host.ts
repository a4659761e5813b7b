/**
 * The two host bridges: embedded (penpal to the loader) and standalone (an on-page events log).
 * Both validate an event against its schema before it leaves the frame.
 */
import { parseEvent, SOCIAL_ATTEMPT_PATTERN, type FoyerEvent, type HostMethods } from '@foyer/protocol';
import type { RemoteProxy } from 'penpal';
import type { HostBridge } from '../store/services';

function checked(event: FoyerEvent): FoyerEvent | null {
  const valid = parseEvent(event);
  if (!valid) console.error(`Foyer: refused to publish an invalid ${String(event.name)} event`);
  return valid;
}

export interface EmbeddedHost extends HostBridge {
  /** Called when connected; events published before that are sent then. */
  attach(remote: RemoteProxy<HostMethods>): void;
  resize(height: number): void;
  /** The visitor pressed (true) or let go (false) in the frame: the loader holds the page's layout meanwhile. */
  press(down: boolean): void;
  /** The frame's name in the page's language (iframe title, the modal's label) and its word for Close. */
  title(text: string, close: string): void;
  /** An Esc the widget left alone: the loader closes the modal the frame is shown in. */
  escape(): void;
}

export function createEmbeddedHost(): EmbeddedHost {
  let remote: RemoteProxy<HostMethods> | null = null;
  const queue: FoyerEvent[] = [];
  const send = (event: FoyerEvent) => {
    remote?.publish(event).catch((error: unknown) => console.error('Foyer: publishing an event failed', error));
  };
  return {
    publish(event) {
      const valid = checked(event);
      if (!valid) return;
      if (remote) send(valid);
      else queue.push(valid);
    },
    attach(next) {
      remote = next;
      for (const event of queue.splice(0)) send(event);
    },
    async navigate(url) {
      return (await remote?.navigate(url).catch(() => false)) ?? false;
    },
    async open(widget, attributes) {
      return (await remote?.open(widget, attributes).catch(() => false)) ?? false;
    },
    async meter(id) {
      return (await remote?.meter(id).catch(() => null)) ?? null;
    },
    async socialAttempt(attempt) {
      const call = attempt === undefined ? remote?.socialAttempt() : remote?.socialAttempt(attempt);
      const answer: unknown = await call?.catch(() => null);
      // The host page's storage is the page's: only an attempt's form is taken from it.
      return typeof answer === 'string' && SOCIAL_ATTEMPT_PATTERN.test(answer) ? answer : null;
    },
    async postForm(url, fields) {
      return (await remote?.postForm(url, fields).catch(() => false)) ?? false;
    },
    resize(height) {
      remote?.resize(height).catch(() => {
        // The host went away (navigation); the next connect sends the height again.
      });
    },
    press(down) {
      // An older loader has no such method: the page's layout is not held.
      remote?.press(down).catch(() => {});
    },
    title(text, close) {
      // An older loader has no such method: its English title stays.
      remote?.title(text, close).catch(() => {});
    },
    escape() {
      remote?.escape().catch(() => {});
    },
  };
}

export function createStandaloneHost(log: (event: FoyerEvent) => void): HostBridge {
  return {
    publish(event) {
      const valid = checked(event);
      if (valid) log(valid);
    },
    // Opened directly there is no host page: support staff follow the redirect themselves.
    navigate: (url) => {
      console.info('Foyer: the widget asked to navigate to', url);
      return Promise.resolve(false);
    },
    open: (widget) => {
      console.info('Foyer: the widget asked to open', widget);
      return Promise.resolve(false);
    },
  };
}
