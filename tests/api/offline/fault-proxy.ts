// A fault-injecting HTTP proxy in front of the real app: each mutating request takes the next
// scripted fault. GETs pass through untouched.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  | 'pass'
  /** 500 without reaching the server. */
  | 'error-500'
  /** The connection drops before the server sees the request. */
  | 'drop-before'
  /** The server runs and commits the request; the answer never arrives. */
  | 'drop-after-commit'
  /** The bearer token is swapped for an expired one on its way in. */
  | 'expired-token';

export interface FaultProxy {
  origin: string;
  script: Fault[];
  /** What happened to each mutating request, in order. */
  log: Fault[];
  close(): Promise<void>;
}

export async function startFaultProxy(target: string, expired: () => string): Promise<FaultProxy> {
  const script: Fault[] = [];
  const log: Fault[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const mutating = req.method !== 'GET' && req.method !== 'HEAD';
    const fault: Fault = mutating ? (script.shift() ?? 'pass') : 'pass';
    if (mutating) log.push(fault);
    if (fault === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (fault === 'error-500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: 'Injected failure' } }));
      return;
    }
    const headers = { ...req.headers };
    if (fault === 'expired-token') headers.authorization = `Bearer ${expired()}`;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        if (fault === 'drop-after-commit') {
          // Read the whole answer (the server has committed by then), then hang up on the client.
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    script,
    log,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
