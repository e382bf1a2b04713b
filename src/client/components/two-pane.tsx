import { useRef, type ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { useFillViewport } from '../hooks/use-fill-viewport';
import { listMessages } from './components.messages';
import classes from './two-pane.module.css';

/** The layout's classes, for the parts a list draws itself (title, toolbar, rows). */
export const paneClasses = classes;

interface TwoPaneProps {
  /** Names the list pane for assistive technology. */
  listLabel: string;
  list: ReactNode;
  /** The selected record's detail, or null: the placeholder shows. */
  detail: ReactNode | null;
  placeholder: string;
  placeholderTestId: string;
}

/**
 * The two-pane layout of spec section 2: a list with search and filter on the left, the selected
 * record on the right. On a phone one pane shows at a time (the detail while one is selected).
 */
export function TwoPane({ listLabel, list, detail, placeholder, placeholderTestId }: TwoPaneProps) {
  const t = useStore(listMessages);
  const rootRef = useRef<HTMLDivElement>(null);
  useFillViewport(rootRef);
  return (
    <div ref={rootRef} className={classes.root} data-selected={detail ? '' : undefined}>
      <section className={classes.listPane} aria-label={listLabel}>
        {list}
      </section>
      <section className={classes.detailPane} aria-label={t.details}>
        {detail ?? (
          <div className={classes.placeholder}>
            <Text c="dimmed" data-testid={placeholderTestId}>
              {placeholder}
            </Text>
          </div>
        )}
      </section>
    </div>
  );
}

/** On a phone, where the detail replaces the list: the way back to it. */
export function BackToList({ onBack }: { onBack: () => void }) {
  const t = useStore(listMessages);
  return (
    <Button
      variant="subtle"
      hiddenFrom="sm"
      onClick={onBack}
      style={{ alignSelf: 'flex-start' }}
      px="xs"
      leftSection={<span aria-hidden>←</span>}
    >
      {t.backToList}
    </Button>
  );
}
