import { useStore } from '@nanostores/react';
import type { PrescriptionCollectionName as CollectionName } from '../../../../shared/collections';
import type { StatusFilter } from '../../../../shared/request-status';
import { useCollection } from '../../../hooks/use-collection';
import { usePaneSelection } from '../../../hooks/use-pane-selection';
import { TwoPane } from '../../../components/two-pane';
import { useRecordIndex } from '../../../hooks/use-record-index';
import type { AnyListConfig, AnyRecord, ListConfig } from '../list-config';
import { listPaneMessages } from './list-pane.messages';
import { RecordDetail } from './record-detail';
import { RecordListPane } from './record-list-pane';
import { useAccessRecord } from '../../../hooks/use-access-record';

export interface PrescriptionPageProps {
  id?: number;
  filter: StatusFilter;
  onSearchChange: (next: { id?: number; filter?: StatusFilter }) => void;
}

/** The two-pane list of spec section 2 ("List pages"), for any of the five prescription lists. */
export function PrescriptionListPage<K extends CollectionName>({
  config,
  id,
  filter,
  onSearchChange,
}: PrescriptionPageProps & { config: ListConfig<K> }) {
  const anyConfig = config as unknown as AnyListConfig;
  const title = useStore(config.texts).title;
  const { select } = useStore(listPaneMessages);
  const { rows, pending, error } = useCollection(config.collection);
  useAccessRecord({ action: 'list', collection: config.collection, record_id: null, patient_user_id: null });
  const index = useRecordIndex(
    config.collection,
    rows as readonly AnyRecord[] | undefined,
    config.key as keyof AnyRecord & string,
  );
  const position = id === undefined ? undefined : index?.positionOf(id);
  const selected = position === undefined ? undefined : index?.rows[position];

  const { focusDetail, onSelect, onFilterChange, onBack } = usePaneSelection(id, filter, onSearchChange);

  return (
    <TwoPane
      listLabel={title}
      placeholder={select}
      placeholderTestId="prescription-detail-placeholder"
      list={
        <RecordListPane
          config={anyConfig}
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
          <RecordDetail
            key={`${config.collection}:${id}`}
            config={anyConfig}
            record={selected}
            entries={id === undefined ? undefined : pending.get(id)}
            focusOnMount={focusDetail.current}
            onBack={onBack}
          />
        ) : null
      }
    />
  );
}
