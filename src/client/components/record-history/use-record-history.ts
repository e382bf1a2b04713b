// A record's History, live (issue 19, section 5): the last one kept on the device at once, then
// the server's when it answers; read again when the record changes in its synced list (the change
// stream brought someone's change, or this device's was taken) and when the connection returns.
import { useEffect, useMemo, useRef, useState } from 'react';
import { COLLECTIONS } from '../../../shared/collections';
import type { HistoryCollection } from '../../../shared/record-history';
import { useOnline } from '../../hooks/use-online';
import { useOutbox } from '../../hooks/use-outbox';
import { collectionViews } from '../../offline/view-store';
import { fetchHistory, readKeptHistory, type KeptHistory } from './history-cache';
import { unsentFor } from './history-items';

/** Changes come in bursts (a status and its notify): one read after they settle. */
const SETTLE_MS = 300;

export interface RecordHistoryState {
  kept: KeptHistory | null;
  /** The server could not be asked (offline, or it failed): what shows is the kept one, if any. */
  stale: boolean;
}

export function useRecordHistory(list: HistoryCollection, id: number) {
  const online = useOnline();
  const [state, setState] = useState<RecordHistoryState>({ kept: null, stale: false });
  const [reads, setReads] = useState(0);
  const outbox = useOutbox();
  const unsent = useMemo(() => unsentFor(outbox, list, id), [outbox, list, id]);

  // The kept one first, then the server's (in that order: a late kept read never hides a newer answer).
  useEffect(() => {
    let current = true;
    setState({ kept: null, stale: false });
    void readKeptHistory(list, id).then((kept) => {
      if (current && kept) setState((before) => (before.kept ? before : { kept, stale: before.stale }));
    });
    return () => {
      current = false;
    };
  }, [list, id]);

  useEffect(() => {
    if (!online) {
      setState((before) => ({ ...before, stale: true }));
      return;
    }
    let current = true;
    fetchHistory(list, id).then(
      (kept) => current && setState({ kept, stale: false }),
      () => current && setState((before) => ({ ...before, stale: true })),
    );
    return () => {
      current = false;
    };
  }, [list, id, online, reads]);

  // Live: the record's row changed in its list (another device's change, or this device's taken).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const views = collectionViews(list);
    const key = COLLECTIONS[list].key as string;
    const rowOf = () => (views.get() as Record<string, unknown>[] | undefined)?.find((row) => row[key] === id);
    let last = rowOf();
    const stop = views.subscribe(() => {
      const row = rowOf();
      if (row === last) return;
      last = row;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setReads((n) => n + 1), SETTLE_MS);
    });
    return () => {
      stop();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [list, id]);

  // One of the device's changes left the queue: the server's log now holds it.
  const unsentCount = useRef(unsent.length);
  useEffect(() => {
    if (unsent.length < unsentCount.current) setReads((n) => n + 1);
    unsentCount.current = unsent.length;
  }, [unsent.length]);

  return { ...state, unsent, online };
}
