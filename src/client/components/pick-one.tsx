import { Select, type SelectProps } from '@mantine/core';

export interface PickOneProps<T extends string> extends Omit<SelectProps, 'value' | 'onChange' | 'data'> {
  data: readonly (T | { value: T; label: string })[];
  value: T;
  onChange: (value: T) => void;
}

/** A list pane's "search by" or filter choice: always one option chosen, its check on the right. */
export function PickOne<T extends string>({ data, value, onChange, ...props }: PickOneProps<T>) {
  return (
    <Select
      {...props}
      data={[...data]}
      value={value}
      onChange={(next) => next && onChange(next as T)}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
