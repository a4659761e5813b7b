/**
 * A TCP proxy between the server and PostgreSQL that can freeze: it stops forwarding bytes both
 * ways and keeps every socket open, as PostgreSQL does under SIGSTOP (the kernel still accepts
 * connections; nothing answers). Thawing forwards what waited.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function freezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // A paused socket reads nothing: its bytes wait in the kernel, as with a stopped process.
    if (frozen) socket.pause();
  };
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy did not listen');
  return {
    port: address.port,
    freeze: () => {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw: () => {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
