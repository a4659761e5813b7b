/**
 * The penpal connection to the loader on the parent page. penpal drops every message whose origin
 * is not one of the service's allowed host origins, so a page that may not embed this service
 * never connects: after `timeoutMs` the frame says so (and shows nothing else).
 *
 * One handshake per frame document (issue 11). After it, everything from the loader travels on
 * the MessagePort the handshake set up, so a penpal message arriving on the window from the
 * parent can only be forged by another script of the host page: a SYN would make penpal drop
 * that port (the widget goes blank), an ACK2 would hand it the forger's port (the widget talks to
 * the forger), a DESTROY would end the connection. A connected frame drops them all. A legitimate
 * reconnect is always started by the frame: a reloaded frame (a new document) shakes hands anew,
 * and the loader's messenger, which only listens to that iframe's window, answers it.
 */
import { connect, WindowMessenger, type RemoteProxy } from 'penpal';
import { originAllowed, originPatternToRegExp, type FrameMethods, type HostMethods } from '@foyer/protocol';

export interface ParentConnectionOptions {
  parent: Window;
  allowedHostOrigins: readonly string[];
  methods: FrameMethods;
  /**
   * Called once, when the handshake completed, with the host page's origin: the one penpal
   * accepted the handshake from and talks to (never what the page says about itself).
   */
  onConnect(remote: RemoteProxy<HostMethods>, hostOrigin: string): void;
  onRefused(): void;
  timeoutMs: number;
  /** `location.ancestorOrigins` where the browser has it: a refused parent is known at once. */
  ancestorOrigins?: readonly string[];
}

export function connectToParent(options: ParentConnectionOptions): () => void {
  const parentOrigin = options.ancestorOrigins?.[0];
  if (parentOrigin && !originAllowed(parentOrigin, options.allowedHostOrigins)) {
    options.onRefused();
    return () => {};
  }
  const messenger = new WindowMessenger({
    remoteWindow: options.parent,
    // An empty list would make penpal fall back to the frame's own origin, which is what we want.
    allowedOrigins: options.allowedHostOrigins.map(originPatternToRegExp),
  });
  let remote: RemoteProxy<HostMethods> | null = null;
  // The origin penpal keeps for its peer: that of the last allowed SYN from the parent.
  let hostOrigin = '';
  // Capture phase on the window penpal listens on: runs before penpal's own listener.
  const dropAfterHandshake = (event: MessageEvent) => {
    if (event.source !== options.parent || !isPenpalMessage(event.data)) return;
    if (remote) event.stopImmediatePropagation();
    else if (
      (event.data as { type?: unknown }).type === 'SYN' &&
      originAllowed(event.origin, options.allowedHostOrigins)
    )
      hostOrigin = event.origin;
  };
  window.addEventListener('message', dropAfterHandshake, true);
  const connection = connect<HostMethods>({ messenger, methods: options.methods });
  const timer = setTimeout(() => {
    if (!remote) options.onRefused();
  }, options.timeoutMs);
  connection.promise.then(
    (proxy) => {
      clearTimeout(timer);
      remote = proxy;
      options.onConnect(proxy, hostOrigin);
    },
    (error: unknown) => {
      clearTimeout(timer);
      console.error('Foyer: could not connect to the host page', error);
      options.onRefused();
    },
  );
  return () => {
    clearTimeout(timer);
    window.removeEventListener('message', dropAfterHandshake, true);
    connection.destroy();
  };
}

const isPenpalMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { namespace?: unknown }).namespace === 'penpal';
