// On a record's detail (issue 19 §2): says this tab has the record open, and shows who else has
// it: "Priya Shah is viewing", "Priya Shah is replying…". Polite live region: a screen reader
// hears someone arrive without losing its place.
import { Group, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { PresenceList } from '../../../shared/presence';
import { presenceMessages } from './presence.messages';
import { PresenceBadge } from './presence-initials';
import { useClaimPresence, useRecordPresence } from './use-presence';

interface PresenceLineProps {
  list: PresenceList;
  id: string | number;
  /** This person is writing a reply (the inquiry's reply box holds text). */
  typing?: boolean;
}

export function PresenceLine({ list, id, typing = false }: PresenceLineProps) {
  const t = useStore(presenceMessages);
  useClaimPresence(list, String(id), typing);
  const people = useRecordPresence(list, String(id));
  return (
    <div aria-live="polite" data-testid="presence-line">
      {people.map((person) => (
        <Group key={person.uid} gap={6} wrap="nowrap" data-testid="presence-person">
          <PresenceBadge name={person.name} />
          <Text size="sm" c="dimmed">
            {person.typing ? t.replying({ name: person.name }) : t.viewing({ name: person.name })}
          </Text>
        </Group>
      ))}
    </div>
  );
}
