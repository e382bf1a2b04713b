import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ConfirmModalProps } from './confirm-modal';

export type Confirm = (message: string) => Promise<boolean>;

interface PendingConfirm {
  message: string;
  resolve: (confirmed: boolean) => void;
}

const ConfirmContext = createContext<Confirm | null>(null);

/** Without its chunk (offline, never cached) nothing is confirmed: every question is declined. */
function DeclineAll({ message, onSettle }: ConfirmModalProps) {
  useEffect(() => {
    if (message !== undefined) onSettle(false);
  }, [message, onSettle]);
  return null;
}

// The modal (with its scroll lock and focus trap) loads on the first question, not at start.
const ConfirmModal = lazy<ComponentType<ConfirmModalProps>>(() =>
  import('./confirm-modal').then(
    (m) => ({ default: m.ConfirmModal }),
    () => ({ default: DeclineAll }),
  ),
);

/** The spec's "confirm": one modal at a time; later questions wait their turn. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<PendingConfirm[]>([]);
  const [used, setUsed] = useState(false);
  const current = queue[0];

  const confirm = useCallback<Confirm>((message) => {
    setUsed(true);
    return new Promise<boolean>((resolve) => setQueue((q) => [...q, { message, resolve }]));
  }, []);

  const settle = useCallback(
    (confirmed: boolean) => {
      if (!current) return;
      current.resolve(confirmed);
      // A double click must not also answer the next question in line.
      setQueue((q) => (q[0] === current ? q.slice(1) : q));
    },
    [current],
  );

  return (
    <ConfirmContext value={confirm}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ConfirmModal message={current?.message} onSettle={settle} />
        </Suspense>
      )}
    </ConfirmContext>
  );
}

export function useConfirm(): Confirm {
  const confirm = use(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a <ConfirmProvider> above it');
  return confirm;
}
