// `?`: every keyboard shortcut, in a dialog (Escape or the X closes it and focus goes back where
// it was: Mantine's Modal). One table per place the keys work, the key as a row header.
import { Fragment } from 'react';
import { Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useStore } from '@nanostores/react';
import type { StoreValue } from 'nanostores';
import { shortcutsHelpMessages } from './shortcuts.messages';

type HelpTexts = StoreValue<typeof shortcutsHelpMessages>;
type Label = { [K in keyof HelpTexts]: HelpTexts[K] extends string ? K : never }[keyof HelpTexts];

/** A key as printed on it: letters and signs as they are, named keys in the language shown. */
const NAMED_KEYS: Partial<Record<string, Label>> = { Enter: 'enterKey' };

interface HelpRow {
  /** One key, or a sequence pressed one after the other. */
  keys: readonly string[];
  label: Label;
}

const GROUPS: ReadonlyArray<{ title: Label; rows: readonly HelpRow[] }> = [
  {
    title: 'anywhere',
    rows: [
      { keys: ['?'], label: 'help' },
      { keys: ['g', 'd'], label: 'goDashboard' },
      { keys: ['g', 't'], label: 'goTransfers' },
      { keys: ['g', 'a'], label: 'goAppointments' },
      { keys: ['g', 'm'], label: 'goMessages' },
    ],
  },
  {
    title: 'inList',
    rows: [
      { keys: ['/'], label: 'search' },
      { keys: ['j'], label: 'next' },
      { keys: ['k'], label: 'previous' },
      { keys: ['Enter'], label: 'open' },
    ],
  },
  {
    title: 'onRecord',
    rows: [
      { keys: ['c'], label: 'complete' },
      { keys: ['i'], label: 'incomplete' },
      { keys: ['f'], label: 'flag' },
      { keys: ['n'], label: 'notify' },
      { keys: ['r'], label: 'reply' },
    ],
  },
];

function Keys({ keys, t }: { keys: readonly string[]; t: HelpTexts }) {
  return (
    <>
      {keys.map((key, i) => {
        const named = NAMED_KEYS[key];
        return (
          <Fragment key={i}>
            {i > 0 ? ` ${t.then} ` : null}
            <Kbd size="sm">{named ? t[named] : key}</Kbd>
          </Fragment>
        );
      })}
    </>
  );
}

export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useStore(shortcutsHelpMessages);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title}
      size="lg"
      closeButtonProps={{ 'aria-label': t.close }}
      data-testid="shortcuts-help"
    >
      <Stack gap="lg">
        {GROUPS.map((group) => (
          <Table key={group.title} captionSide="top" striped verticalSpacing={6} layout="fixed">
            <Table.Caption ta="start" fw={600} c="var(--mantine-color-text)">
              {t[group.title]}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w="35%">
                  {t.keys}
                </Table.Th>
                <Table.Th scope="col">{t.action}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.rows.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row" fw="normal">
                    <Keys keys={row.keys} t={t} />
                  </Table.Th>
                  <Table.Td>{t[row.label]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
        <Text size="sm" c="dimmed">
          {t.quiet} {t.turnOff}
        </Text>
      </Stack>
    </Modal>
  );
}
