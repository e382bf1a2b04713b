// The search box of every list: its label is also its placeholder ("Search by …"), and a clear
// button shows while it holds text.
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useStore } from '@nanostores/react';
import { listMessages } from './components.messages';

interface SearchInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'rightSection'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export function SearchInput({ label, value, onChange, ...rest }: SearchInputProps) {
  const t = useStore(listMessages);
  return (
    <TextInput
      {...rest}
      type="search"
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label={t.clearSearch} onClick={() => onChange('')} /> : null}
    />
  );
}
