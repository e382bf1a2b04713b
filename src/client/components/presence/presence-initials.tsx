// On a list row (issue 19 §2): the initials of whoever else has the record open, each with the
// full sentence as its accessible name and tooltip.
import { Avatar, Tooltip } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { initials, type PresenceList } from '../../../shared/presence';
import { presenceMessages } from './presence.messages';
import { useRecordPresence } from './use-presence';

export function PresenceBadge({ name }: { name: string }) {
  return (
    <Avatar size={22} radius="xl" color="teal" aria-hidden="true">
      {initials(name)}
    </Avatar>
  );
}

export function PresenceInitials({ list, id }: { list: PresenceList; id: string | number }) {
  const t = useStore(presenceMessages);
  const people = useRecordPresence(list, String(id));
  if (people.length === 0) return null;
  return (
    <Avatar.Group spacing={6} data-testid="presence-initials">
      {people.map((person) => {
        const label = person.typing ? t.replying({ name: person.name }) : t.viewing({ name: person.name });
        return (
          <Tooltip key={person.uid} label={label} withinPortal>
            <Avatar size={22} radius="xl" color="teal" role="img" aria-label={label}>
              {initials(person.name)}
            </Avatar>
          </Tooltip>
        );
      })}
    </Avatar.Group>
  );
}
