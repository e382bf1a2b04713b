// The reply box's saved replies (issue 19): a searchable list (type to search title and text,
// arrows and Enter, or a click) that puts the chosen reply into the box with its placeholders
// filled from the inquiry. What is sent is still the box's text, under the spec's reply rules.
import { useMemo, useState } from 'react';
import { Select, Stack, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { Inquiry } from '../../../../shared/entities';
import { fillPlaceholders, searchSavedReplies, type SavedReply } from '../../../../shared/saved-replies';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useSavedReplies } from '../hooks/use-saved-replies';
import { savedReplyPickerMessages } from '../saved-replies.messages';

interface SavedReplyPickerProps {
  inquiry: Inquiry;
  /** Puts the filled-in text into the reply box. */
  onPick: (text: string) => void;
}

export function SavedReplyPicker({ inquiry, onPick }: SavedReplyPickerProps) {
  const t = useStore(savedReplyPickerMessages);
  const { replies } = useSavedReplies();
  const config = useRuntimeConfig();
  const [search, setSearch] = useState('');
  const byValue = useMemo(() => new Map(replies.map((reply) => [String(reply.saved_reply_id), reply])), [replies]);
  const data = useMemo(() => replies.map((reply) => ({ value: String(reply.saved_reply_id), label: reply.title })), [replies]);
  // Every word typed, in the title or the text (the list shows titles only).
  const filter: OptionsFilter = ({ options, search: query }) => {
    const found = new Set(searchSavedReplies(replies, query).map((reply) => String(reply.saved_reply_id)));
    return options.filter((option) => 'value' in option && found.has(option.value));
  };

  const pick = (value: string | null) => {
    const reply = value === null ? undefined : byValue.get(value);
    setSearch('');
    if (!reply) return;
    onPick(
      fillPlaceholders(reply.text, {
        first_name: inquiry.first_name,
        last_name: inquiry.last_name,
        pharmacy_name: config?.pharmacyName,
      }),
    );
  };

  return (
    <Select
      label={t.label}
      placeholder={replies.length === 0 ? t.none : t.placeholder}
      data={data}
      value={null}
      onChange={pick}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={filter}
      nothingFoundMessage={replies.length === 0 ? t.none : t.nothingFound}
      renderOption={({ option }) => <Option option={option} reply={byValue.get(option.value)} />}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      data-testid="saved-reply-picker"
    />
  );
}

function Option({ option, reply }: { option: ComboboxItem; reply: SavedReply | undefined }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm">{option.label}</Text>
      {reply ? (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {reply.text}
        </Text>
      ) : null}
    </Stack>
  );
}
