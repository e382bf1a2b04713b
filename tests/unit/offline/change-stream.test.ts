import { describe, expect, it } from 'vitest';
import { createEventParser } from '../../../src/client/offline/change-stream';

describe('the change stream reader', () => {
  it('splits server-sent events across chunk boundaries, skipping comments', () => {
    const events: [string, string][] = [];
    const parse = createEventParser((event, data) => events.push([event, data]));
    parse(': connected\n\nevent: cursors\ndata: {"lists":');
    expect(events).toEqual([]);
    parse('{"transfers":"12"}}\n\n: heartbeat\n\nevent: change\r\ndata: {"list":"transfers","cursor":"13"}\r\n\r\n');
    parse('data: plain\n\nevent: end\ndata:{"status":401}\n\n');
    expect(events).toEqual([
      ['cursors', '{"lists":{"transfers":"12"}}'],
      ['change', '{"list":"transfers","cursor":"13"}'],
      ['message', 'plain'],
      ['end', '{"status":401}'],
    ]);
  });

  it('joins data lines, and ignores ids, retry hints, unknown fields and events without data', () => {
    const events: [string, string][] = [];
    const parse = createEventParser((event, data) => events.push([event, data]));
    parse('retry: 5000\nid: 7\nfoo: bar\nevent: change\ndata: {"list":\ndata: "refills"}\n\n');
    // A lone CR ends a line too; one at the end of a chunk waits for the next (it may be CR LF).
    parse('event: end\n\nevent: cursors\rdata: {}\r\r');
    expect(events).toHaveLength(1);
    parse(': heartbeat\n\n');
    expect(events).toEqual([
      ['change', '{"list":\n"refills"}'],
      ['cursors', '{}'],
    ]);
  });

  it("passes on a stopping server's retry hint, read before the event it comes with", () => {
    const seen: string[] = [];
    const parse = createEventParser(
      (event) => seen.push(event),
      (ms) => seen.push(`retry ${ms}`),
    );
    parse('retry: 1000\nevent: end\ndata: {"status":503,"code":"server_stopping"}\n\n');
    expect(seen).toEqual(['retry 1000', 'end']);
  });
});
