/**
 * One vault list — works or educations — as the spec lays it out (§2.8): the current
 * item's panel (first in the list) with Add and Edit, then the table of all items
 * with edit, delete (confirmed) and the per-row privacy selector. `readOnly` is
 * another member's vault: no actions and no privacy selector. Delete is online-only.
 */
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { Privacy } from '../../../contract/masters';
import type { CallResult } from '../../sync/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { IconEdit, IconTrash } from '../../ui/icons';
import { RowPrivacy } from './row-privacy';

export type ItemField<R> = { label: string; value: (row: R) => ReactNode; nowrap?: boolean };

export type VaultItemsProps<R extends { privacyCode?: unknown }> = {
  me: string;
  title: string;
  /** 'Current work' / 'Current education'. */
  currentTitle: string;
  /** 'work' / 'education': the words of the buttons' names. */
  noun: string;
  rows: R[];
  fields: ItemField<R>[];
  codeOf: (row: R) => string;
  nameOf: (row: R) => string;
  privacyKind: 'work.privacy' | 'education.privacy';
  privacies: Privacy[];
  readOnly?: boolean;
  onDelete?: (code: string) => Promise<CallResult>;
  /** The Work or Education details drawer: add without a row, edit with one. */
  Drawer?: ComponentType<{ me: string; row?: R; opened: boolean; onClose: () => void }>;
};

export function VaultItems<R extends { privacyCode?: unknown }>(props: VaultItemsProps<R>) {
  const { me, title, currentTitle, noun, rows, fields, codeOf, nameOf, readOnly } = props;
  const [editing, setEditing] = useState<{ row?: R } | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const current = rows[0];

  const confirmDelete = async () => {
    if (!deleting || !props.onDelete) return;
    const result = await props.onDelete(codeOf(deleting));
    if (!result.ok) notifications.show({ color: 'red', message: result.message });
    setDeleting(null);
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label={currentTitle}>
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Title order={2} size="h4">
            {currentTitle}
          </Title>
          {!readOnly && (
            <Group gap="xs" wrap="nowrap">
              {current && (
                <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={() => setEditing({ row: current })}>
                  Edit
                </Button>
              )}
              <Button size="xs" onClick={() => setEditing({})} aria-label={`Add ${noun}`}>
                Add
              </Button>
            </Group>
          )}
        </Group>
        {current ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="xs">
            {fields.map((f) => (
              <Stack gap={2} key={f.label}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {f.label}
                </Text>
                <Text size="sm" component="div">
                  {f.value(current) || '—'}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        ) : (
          <EmptyState title="No data" size="sm" />
        )}
      </Paper>

      {rows.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
          <Title order={2} size="h4" mb="sm">
            {title}
          </Title>
          {/* Focusable so a keyboard can scroll it sideways on a phone (a read-only table has no control to reach). */}
          <Table.ScrollContainer
            minWidth={readOnly ? 560 : 760}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${title} table` } }}
          >
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {fields.map((f) => (
                    <Table.Th key={f.label}>{f.label}</Table.Th>
                  ))}
                  {!readOnly && <Table.Th>Privacy</Table.Th>}
                  {!readOnly && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={codeOf(row)}>
                    {fields.map((f) => (
                      <Table.Td key={f.label} style={f.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {f.value(row) || '—'}
                      </Table.Td>
                    ))}
                    {!readOnly && (
                      <Table.Td>
                        <RowPrivacy
                          me={me}
                          kind={props.privacyKind}
                          rowCode={codeOf(row)}
                          privacyCode={Number(row.privacyCode)}
                          privacies={props.privacies}
                          label={nameOf(row)}
                        />
                      </Table.Td>
                    )}
                    {!readOnly && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="Edit">
                            <ActionIcon variant="subtle" aria-label={`Edit ${nameOf(row)}`} onClick={() => setEditing({ row })}>
                              <IconEdit size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete">
                            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${nameOf(row)}`} onClick={() => setDeleting(row)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {!readOnly && props.Drawer && (
        <props.Drawer me={me} row={editing?.row} opened={editing !== null} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${noun}`}
        message="Are you sure you want to delete this item?"
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
