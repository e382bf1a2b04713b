// A TCP proxy in front of the server that adds round-trip time: every byte waits half of it on
// the way in and half on the way out, and a new connection waits one whole round trip first (the
// TCP handshake a real link would cost). The browser reaches the app only through it, so the page,
// its service worker and the identity paths (proxied by the server on the same origin) all see the
// same link; CDP's Network.emulateNetworkConditions would slow the page but not its worker.
import net from 'node:net';

export interface LatencyProxy {
  baseUrl: string;
  /** The added round-trip time from now on (0: none). Bytes already waiting keep their place. */
  setRoundTrip(ms: number): void;
  close(): Promise<void>;
}

/** Bytes in one direction, each sent once its time has come, never before the bytes ahead of it. */
function delayedPipe(from: net.Socket, to: net.Socket, halfRoundTrip: () => number): void {
  const queue: { due: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const pump = () => {
    timer = null;
    while (queue.length > 0 && queue[0]!.due <= Date.now()) {
      const { chunk } = queue.shift()!;
      if (chunk) to.write(chunk);
      else to.end();
    }
    if (queue.length > 0) timer = setTimeout(pump, queue[0]!.due - Date.now());
  };
  const push = (chunk: Buffer | null) => {
    // A shorter delay set meanwhile must not let later bytes overtake earlier ones.
    queue.push({ due: Math.max(Date.now() + halfRoundTrip(), queue.at(-1)?.due ?? 0), chunk });
    timer ??= setTimeout(pump, queue[0]!.due - Date.now());
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  from.on('end', () => push(null));
}

export function startLatencyProxy(targetUrl: string): Promise<LatencyProxy> {
  const target = new URL(targetUrl);
  let roundTrip = 0;
  const sockets = new Set<net.Socket>();
  // Half-open: an end is passed on after the bytes ahead of it, not at once by Node.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    client.pause();
    const upstream = net.connect({ port: Number(target.port), host: target.hostname, allowHalfOpen: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    delayedPipe(client, upstream, () => roundTrip / 2);
    delayedPipe(upstream, client, () => roundTrip / 2);
    setTimeout(() => client.resume(), roundTrip);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${address.port}`,
        setRoundTrip: (ms) => {
          roundTrip = ms;
        },
        close: () =>
          new Promise((done) => {
            sockets.forEach((socket) => socket.destroy());
            server.close(() => done());
          }),
      });
    });
  });
}
