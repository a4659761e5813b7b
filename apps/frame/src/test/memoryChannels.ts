/**
 * Tests: a stand-in for the browser's BroadcastChannel. Channels opened on one hub under one name
 * hear one another (never themselves), each message structured-cloned as the browser does, with
 * the sender's origin. Delivery is synchronous so widget tests can act() on it; the transport's
 * own tests also run over the real (asynchronous) BroadcastChannel.
 */
export type OpenChannel = (name: string) => BroadcastChannel;

export function memoryChannelHub(origin: string): OpenChannel {
  const channels = new Set<{ name: string; target: BroadcastChannel }>();
  return (name) => {
    const target = {
      name,
      onmessage: null as ((event: MessageEvent) => void) | null,
      postMessage(data: unknown) {
        if (!channels.has(entry)) throw new DOMException('closed', 'InvalidStateError');
        for (const other of [...channels]) {
          if (other === entry || other.name !== name) continue;
          other.target.onmessage?.call(
            other.target,
            new MessageEvent('message', { data: structuredClone(data), origin }),
          );
        }
      },
      close() {
        channels.delete(entry);
      },
    } as unknown as BroadcastChannel;
    const entry = { name, target };
    channels.add(entry);
    return target;
  };
}
