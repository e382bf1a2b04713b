// The dashboard's "Mine" beside a widget's total (issue 19, section 3): how many of its records
// are assigned to the person signed in.
import { Badge } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { intlLocale } from '../../i18n/locale';
import { mineCountMessages } from './assignment.messages';

export function MineCount({ count, testId }: { count: number; testId: string }) {
  const t = useStore(mineCountMessages);
  return (
    <Badge variant="light" color="grape" data-testid={testId} data-count={count}>
      {t.mine({ count: count.toLocaleString(intlLocale() ?? 'en-CA') })}
    </Badge>
  );
}
