// A test's view of the change stream: the raw text as it came over the socket (to check what is
// on the wire) and the parsed events, awaited one by one. Parsed by eventsource-parser itself,
// not through the app's reader, so the wire is checked apart from the code that reads it.
import { createParser } from 'eventsource-parser';

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

export interface TestStream {
  status: number;
  /** The JSON error body when the stream was refused. */
  refusal: unknown;
  raw: () => string;
  events: StreamEvent[];
  /** The next event (after `from`, an index into events) matching `match`, within `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number, from?: number): Promise<StreamEvent>;
  /** Resolves when the server closed the stream. */
  closed: Promise<void>;
  close(): void;
}

export async function openStream(
  baseUrl: string,
  token: string | null,
  prefix = '/nodejsapp/api',
  headers: Record<string, string> = {},
): Promise<TestStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${prefix}/admin/changes`, {
    headers: token === null ? headers : { ...headers, authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  let text = '';
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  if (!response.ok || !response.body) {
    const body = await response.json().catch(() => null);
    return {
      status: response.status,
      refusal: body,
      raw: () => '',
      events,
      next: () => Promise.reject(new Error(`stream refused with ${response.status}`)),
      closed: Promise.resolve(),
      close: () => undefined,
    };
  }
  const parser = createParser({
    onEvent: ({ event, data }) => {
      events.push({ event: event ?? 'message', data: JSON.parse(data) as Record<string, unknown>, at: performance.now() });
      waiters.forEach((wake) => wake());
    },
  });
  const decoder = new TextDecoder();
  const closed = (async () => {
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        parser.feed(chunk);
      }
    } catch {
      // aborted by close()
    }
    waiters.forEach((wake) => wake());
  })();
  let ended = false;
  void closed.then(() => (ended = true));
  return {
    status: response.status,
    refusal: null,
    raw: () => text,
    events,
    closed,
    close: () => controller.abort(),
    next(match, timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            finish();
            resolve(found);
          } else if (ended) {
            finish();
            reject(new Error(`stream closed; events: ${JSON.stringify(events.map((e) => e.event))}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events.slice(from))}`));
        }, timeoutMs);
        function finish() {
          clearTimeout(timer);
          waiters.delete(check);
        }
        waiters.add(check);
        check();
      });
    },
  };
}
