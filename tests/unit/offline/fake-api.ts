// A tiny real HTTP server for the offline tests: the transfer routes of the API contract with
// idempotency keys, delta sync and scripted failures, counting every effect by key. Over real
// sockets, "nothing lost, nothing applied twice" is a fact about bytes, not about a mock.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { API_BASE as BASE, PACKED_PAGE_TYPE } from '../../../src/shared/constants';
import type { Transfer } from '../../../src/shared/entities';
import { sampleTransfer } from './test-device';
import { transferTransition, TRANSFER_ACTIONS, type TransferAction } from '../../../src/shared/request-status';

export type Behavior =
  /** Behave normally. */
  | { kind: 'ok' }
  /** Answer this status (and body/headers) without doing anything. */
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Do the work, keep the answer for the key, then cut the connection before answering. */
  | { kind: 'drop-after-commit' }
  /** Cut the connection before doing anything. */
  | { kind: 'drop' };

type StoredTransfer = Transfer & { change_no: number };

export interface FakeApi {
  origin: string;
  transfers: Map<number, StoredTransfer>;
  /** How many times each Idempotency-Key changed something (or sent an email). */
  effects: Map<string, number>;
  emails: string[];
  /** Every request, in arrival order. */
  log: { method: string; path: string; key: string | null; token: string | null; status: number | 'dropped' }[];
  /** One-shot behaviours for the next mutating requests, in order. */
  script: Behavior[];
  /** Tokens the server accepts. */
  tokens: Set<string>;
  /** The server's own page size for delta sync (it may answer fewer than asked). */
  pageSize: number;
  /** Slip a record without a key into the next delta page (a corrupt answer). */
  corruptNextPage: boolean;
  /** Delta pages of at least this many rows go packed to a client that asks (as the server's kept pages). */
  packedFrom: number;
  /** The next packed page's bytes are not gzip (damaged on the way). */
  damageNextPacked: boolean;
  seed(count: number): void;
  remove(id: number): void;
  touch(id: number, status: Transfer['status']): void;
  close(): Promise<void>;
}



function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startFakeApi(): Promise<FakeApi> {
  let changeNo = 0;
  const tombstones = new Map<number, number>();
  const stored = new Map<string, { status: number; body: unknown }>();
  const api: FakeApi = {
    origin: '',
    transfers: new Map(),
    effects: new Map(),
    emails: [],
    log: [],
    script: [],
    tokens: new Set(['token-1']),
    pageSize: 1000,
    corruptNextPage: false,
    packedFrom: 2,
    damageNextPacked: false,
    seed(count) {
      for (let id = 1; id <= count; id++) api.transfers.set(id, { ...sampleTransfer(id), change_no: ++changeNo });
    },
    remove(id) {
      api.transfers.delete(id);
      tombstones.set(id, ++changeNo);
    },
    touch(id, status) {
      const current = api.transfers.get(id);
      if (current) api.transfers.set(id, { ...current, status, change_no: ++changeNo });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const publicRecord = (record: StoredTransfer): Transfer => {
    const { change_no: _c, ...rest } = record;
    return rest;
  };
  const countEffect = (key: string | null) => {
    if (key) api.effects.set(key, (api.effects.get(key) ?? 0) + 1);
  };

  function mutate(method: string, path: string, body: unknown, key: string | null): { status: number; body: unknown } {
    const action = /^\/admin\/transfers\/(\w+)\/(\d+)$/.exec(path);
    if (method === 'PUT' && action && (TRANSFER_ACTIONS as readonly string[]).includes(action[1] as string)) {
      const record = api.transfers.get(Number(action[2]));
      if (!record) return { status: 404, body: { error: { code: 'not_found', message: 'Transfer not found' } } };
      const result = transferTransition(record.status, action[1] as TransferAction);
      if (result.kind === 'forbidden') {
        return {
          status: 409,
          body: {
            error: { code: 'conflict', message: `Cannot ${action[1]} a ${record.status} transfer` },
            record: publicRecord(record),
          },
        };
      }
      if (result.kind === 'change') {
        const next = { ...record, status: result.to, change_no: ++changeNo };
        api.transfers.set(record.transfer_id, next);
        countEffect(key);
        return { status: 200, body: publicRecord(next) };
      }
      return { status: 200, body: publicRecord(record) };
    }
    if (method === 'PUT' && path === '/admin/prescription-request-notify/transfer') {
      const id = (body as { transfer_id?: number } | null)?.transfer_id ?? -1;
      const record = api.transfers.get(id);
      if (!record) return { status: 404, body: { error: { code: 'not_found', message: 'Transfer not found' } } };
      if (record.status !== 'completed') {
        return {
          status: 409,
          body: {
            error: { code: 'not_completed', message: 'Please complete the transfer before sending a notification.' },
            record: publicRecord(record),
          },
        };
      }
      api.emails.push(record.email ?? '');
      countEffect(key);
      return { status: 200, body: { transfer_id: id, queued: true, record: publicRecord(record) } };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'No such route' } } };
  }

  function list(url: URL): { status: number; body: unknown } {
    const since = url.searchParams.get('since');
    const rows = [...api.transfers.values()];
    if (since === null) return { status: 200, body: rows.map(publicRecord) };
    if (!/^\d+$/.test(since)) return { status: 400, body: { error: { code: 'bad_cursor', message: 'since: unknown cursor' } } };
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 5000), api.pageSize);
    const after = Number(since);
    const changed = rows.filter((r) => r.change_no > after).sort((a, b) => a.change_no - b.change_no);
    const page = changed.slice(0, limit);
    const last = page.at(-1)?.change_no ?? after;
    const more = changed.length > limit;
    const upTo = more ? last : changeNo;
    const deleted = [...tombstones].filter(([, no]) => no > after && no <= upTo).map(([id]) => id);
    const items: unknown[] = page.map(publicRecord);
    if (api.corruptNextPage) {
      api.corruptNextPage = false;
      items.push({ first_name: 'no key' });
    }
    return { status: 200, body: { items, deleted, cursor: String(upTo), more } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.slice(BASE.length);
    const method = req.method ?? 'GET';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? null;
    const raw = await readBody(req);
    const entry = { method, path, key, token, status: 0 as number | 'dropped' };
    api.log.push(entry);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (!token || !api.tokens.has(token)) return send(401, { error: { code: 'unauthorized', message: 'Sign in again.' } });
    if (method === 'GET') {
      const answer = list(url);
      const { items } = answer.body as { items?: unknown[] };
      if (answer.status === 200 && req.headers.accept?.includes(PACKED_PAGE_TYPE) && (items?.length ?? 0) >= api.packedFrom) {
        entry.status = 200;
        res.writeHead(200, { 'Content-Type': PACKED_PAGE_TYPE });
        const bytes = gzipSync(JSON.stringify(answer.body));
        if (api.damageNextPacked) {
          api.damageNextPacked = false;
          return void res.end(bytes.subarray(0, bytes.length >> 1));
        }
        return void res.end(bytes);
      }
      return send(answer.status, answer.body);
    }
    const behavior = api.script.shift();
    if (behavior?.kind === 'status') return send(behavior.status, behavior.body ?? {}, behavior.headers);
    if (behavior?.kind === 'drop') {
      entry.status = 'dropped';
      req.socket.destroy();
      return;
    }
    const replay = key ? stored.get(key) : undefined;
    const answer = replay ?? mutate(method, path, raw ? JSON.parse(raw) : null, key);
    if (key && !replay && answer.status < 500) stored.set(key, answer);
    if (behavior?.kind === 'drop-after-commit') {
      entry.status = 'dropped';
      req.socket.destroy();
      return;
    }
    send(answer.status, answer.body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}
