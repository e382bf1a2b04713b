import { useCallback, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { TwoPane } from '../../../components/two-pane';
import { useCollection } from '../../../hooks/use-collection';
import { usePaneSelection } from '../../../hooks/use-pane-selection';
import { useRecordIndex } from '../../../hooks/use-record-index';
import { mapRows } from '../../../offline/list-view';
import type { InquiryFilter } from '../../../lib/search-params';
import { withSearchText } from '../inquiry-list';
import { inquiryListMessages } from '../inquiry-list.messages';
import { InquiryDetail } from './inquiry-detail';
import { InquiryListPane } from './inquiry-list-pane';
import { useAccessRecord } from '../../../hooks/use-access-record';

export interface MessagesPageProps {
  id?: number;
  filter: InquiryFilter;
  onSearchChange: (next: { id?: number; filter?: InquiryFilter }) => void;
}

/** The messages page of spec section 2: the inquiries on this device, in the two-pane pattern. */
export function MessagesPage({ id, filter, onSearchChange }: MessagesPageProps) {
  const t = useStore(inquiryListMessages);
  const { rows, pending, error } = useCollection('inquiries');
  useAccessRecord({ action: 'list', collection: 'inquiries', record_id: null, patient_user_id: null });
  const searchable = useMemo(() => (rows ? mapRows(rows, withSearchText) : undefined), [rows]);
  const index = useRecordIndex('inquiries', searchable, 'message_id');
  const position = id === undefined ? undefined : index?.positionOf(id);
  const selected = position === undefined ? undefined : index?.rows[position];

  const { focusDetail, onSelect, onFilterChange, onBack } = usePaneSelection(id, filter, onSearchChange);
  const onReplied = useCallback((messageId: number) => onSearchChange({ id: messageId, filter: 'All' }), [onSearchChange]);

  return (
    <TwoPane
      listLabel={t.title}
      placeholder={t.select}
      placeholderTestId="inquiry-detail-placeholder"
      list={
        <InquiryListPane
          index={index}
          pending={pending}
          error={error}
          selectedId={id}
          filter={filter}
          onSelect={onSelect}
          onFilterChange={onFilterChange}
        />
      }
      detail={
        selected ? (
          <InquiryDetail
            key={selected.message_id}
            inquiry={selected}
            entries={pending.get(selected.message_id)}
            focusOnMount={focusDetail.current}
            onBack={onBack}
            onReplied={onReplied}
          />
        ) : null
      }
    />
  );
}
