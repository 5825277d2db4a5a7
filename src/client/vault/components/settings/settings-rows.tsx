/**
 * The rows of the header's settings modal (spec §2.3, §4 "Setting updates mark a row
 * loading, then store the new privacy code/name or notify flag"). Each change is a
 * queued write: the row shows its new value with a loader until the server has it
 * (offline it stays pending and is delivered later); a refusal shows Retry/Discard.
 * Reset is online-only and reloads the rows from the server's answer.
 */
import { Button, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type ReactNode } from 'react';
import type { PrivacyFeature } from '../../../../contract/codes';
import type { NotifyFeature } from '../../../../contract/settings';
import { EmptyState } from '../../../ui/empty-state';
import { IconAlert } from '../../../ui/icons';
import { changeNotifySetting, changePrivacySetting, refreshSettings, resetSettings } from '../../commands';
import { useNotifySettings, usePrivacies, usePrivacySettings } from '../../queries';

function Saving({ mark, what }: { mark: unknown; what: string }) {
  if (mark === 'pending') return <Loader size={14} role="status" aria-label={`${what}: saving`} />;
  if (mark === 'failed') return <IconAlert size={16} color="var(--mantine-color-red-6)" aria-label={`${what}: failed`} />;
  return null;
}

function ResetButton({ which }: { which: 'privacy' | 'notify' }) {
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    const result = await resetSettings(which).catch((e: unknown) => ({ ok: false as const, message: String(e) }));
    setBusy(false);
    if (!result.ok) notifications.show({ color: 'red', message: result.message });
  };
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={reset} loading={busy}>
        Reset
      </Button>
    </Group>
  );
}

/** One setting as its list shows it: the feature's name, its sync mark and its control. */
type SettingRow = { key: string; name: string; mark: unknown; control: ReactNode };

/** The list both modals' tabs share: loading, empty, the rows, then Reset. */
function SettingRows({ label, which, rows }: { label: string; which: 'privacy' | 'notify'; rows: SettingRow[] | undefined }) {
  if (rows === undefined) return <Loader size="sm" />;
  if (rows.length === 0) return <EmptyState title="No data" size="sm" />;
  return (
    <>
      <Stack gap="xs" role="list" aria-label={label}>
        {rows.map((row) => (
          <Group key={row.key} role="listitem" justify="space-between" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{row.name}</Text>
              <Saving mark={row.mark} what={row.name} />
            </Group>
            {row.control}
          </Group>
        ))}
      </Stack>
      <ResetButton which={which} />
    </>
  );
}

export function PrivacySettingsRows({ me }: { me: string }) {
  const rows = usePrivacySettings(me);
  const privacies = usePrivacies(me);
  useEffect(() => refreshSettings(), []);
  const items = rows?.map((row): SettingRow => {
    const name = String(row.featureName);
    const control = (
      <Select
        size="xs"
        w={150}
        aria-label={`Privacy of ${name}`}
        allowDeselect={false}
        data={privacies.map((p) => ({ value: String(p.privacyCode), label: p.privacyName }))}
        value={String(row.privacyCode)}
        onChange={(value) => {
          const code = Number(value);
          if (!value || code === row.privacyCode) return;
          const label = privacies.find((p) => p.privacyCode === code)?.privacyName;
          void changePrivacySetting(me, row.featureCode as PrivacyFeature, code, label);
        }}
        comboboxProps={{ withinPortal: true }}
      />
    );
    return { key: row.featureCode, name, mark: row._sync, control };
  });
  return <SettingRows label="Privacy settings" which="privacy" rows={items} />;
}

export function NotifySettingsRows({ me }: { me: string }) {
  const rows = useNotifySettings(me);
  const items = rows?.map((row): SettingRow => {
    const name = String(row.featureName);
    const control = (
      <Switch
        aria-label={`Bulletins: ${name}`}
        checked={row.notify === 'Yes'}
        onChange={(event) => void changeNotifySetting(me, row.featurecode as NotifyFeature, event.currentTarget.checked ? 'Yes' : 'No')}
      />
    );
    return { key: row.featurecode, name, mark: row._sync, control };
  });
  return <SettingRows label="Bulletin settings" which="notify" rows={items} />;
}
