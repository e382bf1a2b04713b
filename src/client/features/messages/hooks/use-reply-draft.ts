// The reply box's text, kept on the device per inquiry (offline/drafts.ts): written a moment after
// each change, read back when the inquiry is shown again (after a reload or the idle lock). With
// it, the inquiry's state when the draft was begun (issue 19): the reply carries it, so the server
// refuses it if someone else changed the inquiry meanwhile.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InquiryState } from '../../../../shared/inquiry-api';
import { readDraft, readDraftSeen, writeDraft, writeDraftSeen } from '../../../offline/drafts';

const WRITE_AFTER_MS = 300;

type Seen = 'new' | 'resolved' | undefined;

export interface ReplyDraft {
  draft: string;
  setDraft: (text: string) => void;
  /** The state the draft was begun against; undefined for none (or a draft kept before issue 19). */
  seen: Seen;
  /** The person has read the inquiry again: their draft now answers it as it is. */
  markSeen: (state: Seen) => void;
}

export function useReplyDraft(messageId: number, state: InquiryState): ReplyDraft {
  const [draft, setDraft] = useState('');
  const [seen, setSeen] = useState<Seen>(undefined);
  const typed = useRef(false);
  useEffect(() => {
    typed.current = false;
    setDraft('');
    setSeen(undefined);
    let current = true;
    void Promise.all([readDraft(messageId), readDraftSeen(messageId)]).then(([text, kept]) => {
      // What the person typed meanwhile wins over what was kept.
      if (current && !typed.current && text) {
        setDraft(text);
        setSeen(kept);
      }
    });
    return () => {
      current = false;
    };
  }, [messageId]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ id: number; text: string } | null>(null);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) void writeDraft(next.id, next.text).catch(() => undefined);
  }, []);
  // Leaving (another inquiry, the lock) writes what is still waiting.
  useEffect(() => flush, [messageId, flush]);

  const markSeen = useCallback(
    (next: Seen) => {
      setSeen(next);
      void writeDraftSeen(messageId, next).catch(() => undefined);
    },
    [messageId],
  );

  const seenRef = useRef(seen);
  seenRef.current = seen;
  const change = useCallback(
    (text: string) => {
      typed.current = true;
      setDraft(text);
      // Begun now: against the inquiry as shown now. Emptied: no draft, nothing seen.
      if (text === '') markSeen(undefined);
      else if (seenRef.current === undefined && state !== 'replied') markSeen(state);
      pending.current = { id: messageId, text };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, WRITE_AFTER_MS);
    },
    [messageId, flush, markSeen, state],
  );
  return { draft, setDraft: change, seen, markSeen };
}
