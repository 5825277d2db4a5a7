/**
 * /circle/{groupCode}/vault and /slate/{pageCode}/vault (spec §2.10 "Circle vault: Name,
 * Caption, Category; for the owner, privacy settings per feature, each changed via a
 * privacy picker, plus a Reset button (settings reload after reset)"). The details read
 * from Dexie (offline too; the layout pulls them on every visit); the owner's settings are
 * in origin-privacy-settings.tsx, and the owner's members chart (spec §2.10 "a members
 * chart for owners" on the details panel) is here as on the members page. Non-owners see
 * the details only.
 */
import { Paper, Stack, Table, Title } from '@mantine/core';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { OriginKind } from '../../store/origin-lists';
import { usePrivacies } from '../../ui/use-masters';
import { useGroup } from '../queries';
import { MembersChart } from './members-chart';
import { OriginPrivacySettings } from './origin-privacy-settings';

export function OriginVaultScreen({ me, kind, code }: { me: string; kind: OriginKind; code: string }) {
  const view = useGroup(me, kind, code)?.view;
  const privacies = usePrivacies(me);
  const privacyName = (c: number | undefined) => privacies.find((p) => p.privacyCode === c)?.privacyName ?? '';
  const noun = kind === 'circle' ? 'Circle' : 'Slate';
  const rows: [string, string][] = view
    ? [
        ['Name', view.name],
        ['Caption', view.caption],
        ['Category', view.categoryName],
        ['Description', view.description || 'No data'],
        ['Privacy', privacyName(view.privacyCode)],
        ['Status', view.statusCode === STATUS_ACTIVE ? 'Active' : 'Paused by its owner'],
      ]
    : [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-label={`${noun} details`}>
        <Title order={2} size="h4" mb="sm">
          {noun} details
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={140}>{label}</Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      {view?.standing === 'owner' && <OriginPrivacySettings me={me} kind={kind} code={code} />}
      {view?.standing === 'owner' && <MembersChart me={me} kind={kind} code={code} reloadKey={0} />}
    </Stack>
  );
}
