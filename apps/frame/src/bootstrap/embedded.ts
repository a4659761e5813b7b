/**
 * The penpal connection to the loader on the parent page. penpal drops every message whose origin
 * is not one of the service's allowed host origins, so a page that may not embed this service
 * never connects: after `timeoutMs` the frame says so (and shows nothing else).
 */
import { connect, WindowMessenger, type Message, type RemoteProxy } from 'penpal';
import { originAllowed, originPatternToRegExp, type FrameMethods, type HostMethods } from '@foyer/protocol';

export interface ParentConnectionOptions {
  parent: Window;
  allowedHostOrigins: readonly string[];
  methods: FrameMethods;
  /** Called after the first handshake and after every re-handshake (the host reconnected). */
  onConnect(remote: RemoteProxy<HostMethods>): void;
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
  const connection = connect<HostMethods>({ messenger, methods: options.methods });
  let remote: RemoteProxy<HostMethods> | null = null;
  let pending = false;
  // penpal resolves its promise once; a host that reconnects (loader re-initialised) shakes hands
  // again on the same messenger. Watching the handshake messages lets us pull the context again.
  messenger.addMessageHandler((message: Message) => {
    if (!remote || pending || (message.type !== 'ACK1' && message.type !== 'ACK2')) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      if (remote) options.onConnect(remote);
    }, 0);
  });
  const timer = setTimeout(() => {
    if (!remote) options.onRefused();
  }, options.timeoutMs);
  connection.promise.then(
    (proxy) => {
      clearTimeout(timer);
      remote = proxy;
      options.onConnect(proxy);
    },
    (error: unknown) => {
      clearTimeout(timer);
      console.error('Foyer: could not connect to the host page', error);
      options.onRefused();
    },
  );
  return () => {
    clearTimeout(timer);
    connection.destroy();
  };
}
