import { useCallback, useDeferredValue, useMemo, useRef } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStore } from '@nanostores/react';
import { orNA } from '../../../lib/text';
import { ListBody, ListCount } from '../../../components/list-body';
import { PickOne } from '../../../components/pick-one';
import { paneClasses } from '../../../components/two-pane';
import { VirtualList } from '../../../components/virtual-list';
import { useCollection } from '../../../hooks/use-collection';
import { useFillViewport } from '../../../hooks/use-fill-viewport';
import { USER_STATUS_FILTERS, byName, searchUsers, userName, type UserStatusFilter } from '../user-search';
import { userStatusFilterMessages, usersListMessages } from '../users.messages';
import classes from './users.module.css';
import { SearchInput } from '../../../components/search-input';
import { useAccessRecord, useSearchRecord } from '../../../hooks/use-access-record';
import { useRemembered } from '../../../hooks/use-remembered';
import { PresenceInitials } from '../../../components/presence/presence-initials';

const ROW_HEIGHT = 64;

/** Spec section 2 "Users page": the patients on this device, searched by name and status. */
export function UsersPage() {
  const t = useStore(usersListMessages);
  const statuses = useStore(userStatusFilterMessages);
  const { rows, error } = useCollection('users');
  const [query, setQuery] = useRemembered('users:search', '');
  const [status, setStatus] = useRemembered<UserStatusFilter>('users:status', 'all');
  useAccessRecord({ action: 'list', collection: 'users', record_id: null, patient_user_id: null });
  useSearchRecord('users', query);
  const deferredQuery = useDeferredValue(query);
  const sorted = useMemo(() => (rows ? [...rows].sort(byName) : undefined), [rows]);
  const hits = useMemo(() => (sorted ? searchUsers(sorted, deferredQuery, status) : []), [sorted, deferredQuery, status]);
  const keyAt = useCallback((i: number) => (hits[i] as { user_id: number }).user_id, [hits]);
  const rootRef = useRef<HTMLDivElement>(null);
  useFillViewport(rootRef);

  const body = (
    <ListBody
      total={sorted?.length}
      hits={hits.length}
      error={error}
      errorText={t.error}
      loadingText={t.loading}
      emptyText={t.empty}
      emptyTestId="user-list-empty"
    >
      {() => (
          <VirtualList
            label={t.listLabel}
            count={hits.length}
            keyAt={keyAt}
            rowHeight={ROW_HEIGHT}
            selectedKey={undefined}
            data-testid="user-list"
            renderRow={(i) => {
              const user = hits[i]!;
              return (
                <div className={classes.row} data-testid="user-row" data-record-key={user.user_id} data-status={user.status}>
                  <div className={classes.rowMain}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} truncate="end">
                        {userName(user)}
                      </Text>
                      {user.status === 'inactive' ? (
                        <Badge size="xs" variant="default" tt="none">
                          {t.inactive}
                        </Badge>
                      ) : null}
                      <PresenceInitials list="users" id={user.user_id} />
                    </Group>
                    <Text size="sm" c="dimmed" truncate="end" data-testid="user-email">
                      {orNA(user.email, t.notAvailable)}
                    </Text>
                  </div>
                  <Anchor
                    size="sm"
                    className={classes.view}
                    aria-label={t.viewDetailsOf({ name: userName(user) })}
                    renderRoot={(props) => <Link {...props} to="/users/$userId" params={{ userId: String(user.user_id) }} />}
                  >
                    {t.viewDetails}
                  </Anchor>
                </div>
              );
            }}
          />
      )}
    </ListBody>
  );

  return (
    <div ref={rootRef} className={classes.root}>
      <Paper withBorder radius="md" className={classes.panel}>
        <Title order={1} size="h3" className={paneClasses.paneTitle}>
          {t.title}
        </Title>
        <Stack gap="xs" className={paneClasses.toolbar}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <SearchInput
              flex={1}
              miw={0}
              label={t.search}
              value={query}
              onChange={setQuery}
              data-testid="user-search"
            />
            <PickOne
              w={130}
              aria-label={t.status}
              data={USER_STATUS_FILTERS.map((value) => ({ value, label: statuses[value] }))}
              value={status}
              onChange={setStatus}
              data-testid="user-status"
            />
          </Group>
          <ListCount hits={hits.length} total={sorted?.length} testId="user-count" />
        </Stack>
        <div className={paneClasses.listBody}>{body}</div>
      </Paper>
    </div>
  );
}
