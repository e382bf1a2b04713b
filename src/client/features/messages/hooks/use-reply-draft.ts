// The reply box's text, kept on the device per inquiry (offline/drafts.ts): written a moment after
// each change, read back when the inquiry is shown again (after a reload or the idle lock).
import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, writeDraft } from '../../../offline/drafts';

const WRITE_AFTER_MS = 300;

export function useReplyDraft(messageId: number): [string, (text: string) => void] {
  const [draft, setDraft] = useState('');
  const typed = useRef(false);
  useEffect(() => {
    typed.current = false;
    setDraft('');
    let current = true;
    void readDraft(messageId).then((text) => {
      // What the person typed meanwhile wins over what was kept.
      if (current && !typed.current && text) setDraft(text);
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

  const change = useCallback(
    (text: string) => {
      typed.current = true;
      setDraft(text);
      pending.current = { id: messageId, text };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, WRITE_AFTER_MS);
    },
    [messageId, flush],
  );
  return [draft, change];
}
