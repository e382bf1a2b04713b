// GET /admin/changes: the change stream (src/shared/change-stream.ts). The admin guard admits the
// caller like any admin route; the stream then asks again every `streamRecheckMs` and ends with
// an `end` event (401/403) when the token expired or the role was taken away.
import type { FastifyPluginAsync } from 'fastify';
import type { CollectionName } from '../../../shared/collections';
import { CHANGE_STREAM_PATH, type ChangeEvent, type CursorsEvent, type EndEvent } from '../../../shared/change-stream';
import { DEVICE_ID_PATTERN } from '../../../shared/access-log';
import { DEVICE_ID_HEADER } from '../../../shared/constants';
import type { PresenceEvent } from '../../../shared/presence';
import { HttpError } from '../../errors';
import { currentCursors, type FeedEvent } from '../../plugins/app/change-feed';
import { adminPath } from './support';

/** A client this far behind is cut off; it reconnects and catches up by cursor. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** setTimeout's ceiling. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The stream as the API description shows it (hijacked: never serialized). */
const STREAM_ANSWER = {
  description:
    'Server-sent events: `cursors` ({ lists: { <list>: cursor } }) first and after a gap, `change` ({ list, cursor }) ' +
    'as lists change, `presence` (src/shared/presence.ts: `all` first, then `set` or `gone`) as staff open and leave records, ' +
    '`end` ({ status, code }) when the token expires, the role is taken away or the server stops.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};

/** The `retry:` of a stream ended by a stopping server: reconnect about this soon (another instance takes it). */
export const STOPPING_RETRY_MS = 1000;

function frame(event: string, data: unknown, retryMs?: number): string {
  const retry = retryMs === undefined ? '' : `retry: ${retryMs}\n`;
  return `${retry}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const changeStreamRoutes: FastifyPluginAsync = async (app) => {
  const open = new Set<(end: EndEvent, retryMs?: number) => void>();
  // Open streams would hold the server's close forever: they end first, with a short retry hint,
  // and clients reconnect at once (behind a proxy, to another instance).
  const endAll = () => {
    for (const end of [...open]) end({ status: 503, code: 'server_stopping' }, STOPPING_RETRY_MS);
  };
  app.drain.onStart(endAll);
  app.addHook('preClose', async () => endAll());

  app.get(adminPath(CHANGE_STREAM_PATH), { schema: { response: { 200: STREAM_ANSWER } } }, async (request, reply) => {
    const { config } = app;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies must pass events through as they come.
      'x-accel-buffering': 'no',
    });
    // Events go out as they come, and an idle stream is not a timed-out socket. (Injected
    // requests, in tests, have a socket without these.)
    const socket = res.socket as Partial<import('node:net').Socket> | null;
    socket?.setNoDelay?.(true);
    socket?.setTimeout?.(0);

    let ended = false;
    const timers: NodeJS.Timeout[] = [];
    const send = (text: string) => {
      if (ended) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        end({ status: 503, code: 'too_slow' });
        return;
      }
      res.write(text);
    };
    // The newest change of each list this stream has told (a change the cursors already
    // covered, heard late from another instance, tells the client nothing: it is not sent).
    const told = new Map<CollectionName, bigint>();
    const tell = (list: CollectionName, cursor: string): boolean => {
      const at = BigInt(cursor);
      if (at <= (told.get(list) ?? -1n)) return false;
      told.set(list, at);
      return true;
    };
    const sendCursors = async () => {
      try {
        const lists = await currentCursors(app.db);
        for (const [list, cursor] of Object.entries(lists)) tell(list as CollectionName, cursor);
        send(frame('cursors', { lists } satisfies CursorsEvent));
      } catch (error) {
        request.log.warn({ err: error }, 'change stream could not read the cursors');
        end({ status: 503, code: 'unavailable' });
      }
    };
    // Changes heard before the first cursors wait for them (the cursors come first, and then
    // tell which of those changes they already cover): a change can land while they are read,
    // such as a new staff member's first visit filling the staff directory (issue 19).
    let early: FeedEvent[] | null = [];
    const onFeed = (event: FeedEvent) => {
      if (early) {
        early.push(event);
        return;
      }
      if (event.type === 'gap') void sendCursors();
      else if (tell(event.list, event.cursor)) send(frame('change', { list: event.list, cursor: event.cursor } satisfies ChangeEvent));
    };
    function end(reason: EndEvent, retryMs?: number) {
      if (ended) return;
      ended = true;
      res.write(frame('end', reason, retryMs));
      cleanup();
      res.end();
    }
    const unsubscribe = app.changeFeed.subscribe(onFeed);
    // Presence (issue 19 §2) rides on the stream: a stream naming its device (Device-Id) holds that
    // device's presence, which ends when the stream does.
    const device = request.headers[DEVICE_ID_HEADER.toLowerCase()];
    const leave = app.presence.openStream(typeof device === 'string' && DEVICE_ID_PATTERN.test(device) ? device : null, (event) =>
      send(frame('presence', event)),
    );
    open.add(end);
    function cleanup() {
      ended = true;
      unsubscribe();
      leave();
      open.delete(end);
      timers.forEach((timer) => clearTimeout(timer));
    }
    res.on('close', cleanup);

    timers.push(setInterval(() => send(': heartbeat\n\n'), config.streamHeartbeatMs));
    timers.push(
      setInterval(() => {
        // Read afresh (0): a role taken away or a revoke ends the stream within this recheck,
        // whatever the role cache holds (README, ROLE_CACHE).
        app.verifyAdmin(request, 0).then(
          (user) => {
            request.user = user;
          },
          (error: unknown) => {
            // An identity service out of reach is not the caller's fault: keep streaming.
            if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403)) {
              end({ status: error.statusCode, code: error.code });
            }
          },
        );
      }, config.streamRecheckMs),
    );
    timers.push(
      setTimeout(
        () => end({ status: 401, code: 'token_expired' }),
        Math.min(MAX_TIMER_MS, Math.max(0, request.user.expiresAtMs - Date.now())),
      ),
    );
    // A comment first: the client knows the stream is up before the cursors' query answers.
    send(': connected\n\n');
    await sendCursors();
    const heard = early;
    early = null;
    heard.forEach(onFeed);
    send(frame('presence', { all: app.presence.entries() } satisfies PresenceEvent));
  });
};
