/**
 * The per-row privacy selector of the vault tables (spec §2.8). A change is a queued
 * write: the row shows the new level at once with a loader and 'pending' until the
 * server has it; a refusal shows the server's words with Retry and Discard.
 */
import { Group, Loader, Select } from '@mantine/core';
import type { Privacy } from '../../../contract/masters';
import { SyncMark } from '../../ui/sync-mark';
import { changeEducationPrivacy, changeWorkPrivacy, discardWrite, retryWrite } from '../commands';
import { useRowWriteState } from '../queries';

export type RowPrivacyProps = {
  me: string;
  kind: 'work.privacy' | 'education.privacy';
  rowCode: string;
  privacyCode: number;
  privacies: Privacy[];
  label: string;
};

export function RowPrivacy({ me, kind, rowCode, privacyCode, privacies, label }: RowPrivacyProps) {
  const state = useRowWriteState(me, kind, rowCode);
  const change = (value: string | null) => {
    const code = Number(value);
    if (!value || code === privacyCode) return;
    void (kind === 'work.privacy' ? changeWorkPrivacy(me, rowCode, code) : changeEducationPrivacy(me, rowCode, code));
  };
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <Select
          size="xs"
          w={130}
          aria-label={`Privacy of ${label}`}
          allowDeselect={false}
          data={privacies.map((p) => ({ value: String(p.privacyCode), label: p.privacyName }))}
          value={String(privacyCode)}
          onChange={change}
          rightSection={state?.status === 'pending' ? <Loader size={12} role="status" aria-label="Saving privacy" /> : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        {state?.status === 'pending' && <SyncMark state={state} what={`Privacy of ${label}`} onRetry={retryWrite} onDiscard={discardWrite} />}
      </Group>
      {state?.status === 'failed' && (
        <SyncMark state={state} what={`Privacy of ${label}`} onRetry={retryWrite} onDiscard={discardWrite} />
      )}
    </div>
  );
}
