// An HTTP proxy in front of the server that the browser reaches the app through: it logs every
// request, and a test can hold requests back (a sync stopped between two pages for as long as the
// test likes) or cut them off unsent (the server out of reach for them). It sees what the server
// receives from the page, its workers and its service worker alike, whichever of them syncs: the
// tests built on it check the offline cache's promises without knowing where or how it runs.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query, as the browser asked. */
  url: string;
  headers: http.IncomingHttpHeaders;
  /** Passed on to the server (not cut off). */
  forwarded: boolean;
}

type Match = (request: ProxiedRequest) => boolean;

export interface Hold {
  /** Resolves with the first request the hold caught. */
  caught: Promise<ProxiedRequest>;
  /** Passes on what it holds, and holds nothing more. */
  release(): void;
}

export interface GateProxy {
  baseUrl: string;
  /** Every request so far, in the order they arrived. */
  requests: ProxiedRequest[];
  /** Resolves with the next request (from now on) that matches. */
  next(match: Match): Promise<ProxiedRequest>;
  /** Keeps matching requests from the server until released. */
  hold(match: Match): Hold;
  /** Matching requests end in a network error, never reaching the server, until the returned call. */
  cutOff(match: Match): () => void;
  close(): Promise<void>;
}

/** A list's delta pages (`GET <list>?since=…`), the requests of a sync. */
export function syncPageOf(listPath: string): Match {
  return (request) => request.method === 'GET' && new URL(request.url, 'http://x').pathname.endsWith(listPath) && /[?&]since=/.test(request.url);
}

export function startGateProxy(targetUrl: string): Promise<GateProxy> {
  const target = new URL(targetUrl);
  const requests: ProxiedRequest[] = [];
  const holds: { match: Match; waiting: (() => void)[]; caught: (request: ProxiedRequest) => void }[] = [];
  const watchers: { match: Match; resolve: (request: ProxiedRequest) => void }[] = [];
  const cutOffs = new Set<Match>();
  const sockets = new Set<Socket>();

  const forward = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  };

  const server = http.createServer((incoming, outgoing) => {
    const request: ProxiedRequest = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers, forwarded: false };
    requests.push(request);
    if ([...cutOffs].some((match) => match(request))) {
      incoming.socket.destroy();
      return;
    }
    request.forwarded = true;
    for (const watcher of watchers.filter((w) => w.match(request))) {
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve(request);
    }
    const hold = holds.find((h) => h.match(request));
    if (hold) {
      hold.caught(request);
      hold.waiting.push(() => forward(incoming, outgoing));
      return;
    }
    forward(incoming, outgoing);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        requests,
        next: (match) => new Promise((found) => watchers.push({ match, resolve: found })),
        hold(match) {
          let caught!: (request: ProxiedRequest) => void;
          const first = new Promise<ProxiedRequest>((found) => (caught = found));
          const entry = { match, waiting: [] as (() => void)[], caught };
          holds.push(entry);
          return {
            caught: first,
            release() {
              holds.splice(holds.indexOf(entry), 1);
              entry.waiting.splice(0).forEach((pass) => pass());
            },
          };
        },
        cutOff(match) {
          cutOffs.add(match);
          return () => cutOffs.delete(match);
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
