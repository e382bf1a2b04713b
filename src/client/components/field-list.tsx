import classes from './field-list.module.css';

export interface FieldRow {
  label: string;
  value: string;
}

/** A record's fields as a definition list: label beside value, wrapping on a phone. */
export function FieldList({ fields, 'data-testid': testId }: { fields: readonly FieldRow[]; 'data-testid'?: string }) {
  return (
    <dl className={classes.fields} data-testid={testId}>
      {fields.map((field) => (
        <div key={field.label} style={{ display: 'contents' }}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
