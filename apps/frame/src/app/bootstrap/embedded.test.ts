/**
 * The frame's side of penpal's handshake, driven message by message as the loader would (issue
 * 11): once connected, handshakes and calls posted on the window by the host page are dropped, and
 * the connection keeps working on its MessagePort.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteProxy } from 'penpal';
import type { FrameMethods, HostMethods } from '@foyer/protocol';
import { connectToParent } from './embedded';

const HOST = 'https://host.example';
const penpal = <T extends { type: string }>(message: T) => ({ namespace: 'penpal', channel: undefined, ...message });

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

type Sent = { data: { type?: string; methodPath?: string[]; id?: string }; transfer: MessagePort[] };

/** A loader stand-in: the parent window the frame posts to, and a way to post as that window. */
function connectedFrame() {
  const sent: Sent[] = [];
  const parent = {
    postMessage: vi.fn((data: Sent['data'], options?: { transfer?: MessagePort[] }) =>
      sent.push({ data, transfer: options?.transfer ?? [] }),
    ),
  };
  const fromParent = (data: unknown, ports: MessagePort[] = []) =>
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: HOST, source: parent as unknown as Window, ports }),
    );
  const onConnect = vi.fn<(remote: RemoteProxy<HostMethods>, hostOrigin: string) => void>();
  const methods: FrameMethods = {
    deliver: vi.fn(),
    logout: vi.fn(),
    restoreFocus: vi.fn(),
    setAppearance: vi.fn(),
    commentAuth: vi.fn(),
    visitorToken: vi.fn(),
  };
  stop = connectToParent({
    parent: parent as unknown as Window,
    allowedHostOrigins: [HOST],
    methods,
    onConnect,
    onRefused: vi.fn(),
    timeoutMs: 5000,
  });
  return { sent, fromParent, onConnect, methods };
}

/** Completes the handshake with the loader as its leader (a participant id above any UUID). */
async function handshake(frame: ReturnType<typeof connectedFrame>): Promise<MessagePort> {
  frame.fromParent(penpal({ type: 'SYN', participantId: 'zzzzzzzz' }));
  frame.fromParent(
    penpal({ type: 'ACK1', methodPaths: [['deliver'], ['logout'], ['restoreFocus'], ['setAppearance']] }),
  );
  await vi.waitFor(() => expect(frame.onConnect).toHaveBeenCalledTimes(1));
  // The origin the handshake came from, which the visitor token call sends (issue 26).
  expect(frame.onConnect.mock.calls[0]![1]).toBe(HOST);
  const ack2 = frame.sent.find((message) => message.data.type === 'ACK2');
  expect(ack2?.transfer).toHaveLength(1);
  const port = ack2!.transfer[0]!;
  port.start();
  return port;
}

/** The frame calls the host's `resize` through its connection; resolves with what reached `port`. */
function callReaches(remote: RemoteProxy<HostMethods>, port: MessagePort): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 1000);
    port.addEventListener('message', function onCall(event: MessageEvent) {
      if ((event.data as Sent['data']).methodPath?.[0] !== 'resize') return;
      clearTimeout(timer);
      port.removeEventListener('message', onCall);
      resolve(true);
    });
    remote.resize(123).catch(() => {});
  });
}

describe('connectToParent after the handshake', () => {
  it('shakes hands once: the loader’s port carries the frame’s calls', async () => {
    const frame = connectedFrame();
    const port = await handshake(frame);
    expect(await callReaches(frame.onConnect.mock.calls[0]![0], port)).toBe(true);
  });

  it.each([
    ['a SYN', [penpal({ type: 'SYN', participantId: '00000000' })]],
    ['a SYN from a higher participant', [penpal({ type: 'SYN', participantId: 'zzzzzzzzz' })]],
    ['ACK1 then ACK2', [penpal({ type: 'ACK1', methodPaths: [['logout']] }), penpal({ type: 'ACK2' })]],
    ['a DESTROY', [penpal({ type: 'DESTROY' })]],
  ])('ignores %s posted by the host page and keeps its connection', async (_, forged) => {
    const frame = connectedFrame();
    const port = await handshake(frame);
    const sentBefore = frame.sent.length;
    const forger = new MessageChannel();
    for (const message of forged) {
      frame.fromParent(message, message.type === 'ACK2' ? [forger.port2] : []);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not answered (no SYN, ACK1 or ACK2 back), no second context pull, and the frame's calls still
    // reach the loader's port, not the forger's.
    expect(frame.sent.slice(sentBefore)).toEqual([]);
    expect(frame.onConnect).toHaveBeenCalledTimes(1);
    const forgerHeard = vi.fn();
    forger.port1.addEventListener('message', forgerHeard);
    forger.port1.start();
    expect(await callReaches(frame.onConnect.mock.calls[0]![0], port)).toBe(true);
    expect(forgerHeard).not.toHaveBeenCalled();
    forger.port1.close();
  });

  it('ignores a call posted on the window by the host page; the same call on the port runs', async () => {
    const frame = connectedFrame();
    const port = await handshake(frame);
    const call = penpal({ type: 'CALL', id: 'c1', methodPath: ['logout'], args: [] });
    frame.fromParent(call);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frame.methods.logout).not.toHaveBeenCalled();
    port.postMessage(call);
    await vi.waitFor(() => expect(frame.methods.logout).toHaveBeenCalledTimes(1));
  });
});
