/**
 * The owner's privacy settings of a circle or slate (spec §2.10 "privacy settings per
 * feature, each changed via a privacy picker, plus a Reset button (settings reload after
 * reset)"; §6 "see and reset privacy settings"). Pulled when shown; read from Dexie.
 * A change or a reset is online-only (the server decides who may see and ask, so a
 * setting the device only believed in would mislead): the picker waits for the answer,
 * whose settings replace the mirrored ones — Reset's too, which is the reload. Offline,
 * or refused, the answer's words show and the picker keeps the setting as it was.
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { OriginFeature } from '../../../contract/circle-admin';
import type { OriginKind } from '../../store/origin-lists';
import { EmptyState } from '../../ui/empty-state';
import { PrivacySelect } from '../../ui/form-parts';
import { usePrivacies } from '../../ui/use-masters';
import { usePagePull } from '../../ui/use-page-pull';
import { saveOriginPrivacy } from '../commands';
import { useOriginPrivacy } from '../list-queries';

export function OriginPrivacySettings({ me, kind, code }: { me: string; kind: OriginKind; code: string }) {
  const settings = useOriginPrivacy(me, kind, code);
  const privacies = usePrivacies(me);
  const [reloads, setReloads] = useState(0);
  const pull = usePagePull({ kind: 'originPrivacy', origin: kind, code }, reloads);
  const [busy, setBusy] = useState<OriginFeature | 'reset' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (what: OriginFeature | 'reset', privacyCode?: number) => {
    setBusy(what);
    setError(null);
    const result = await saveOriginPrivacy(kind, code, what === 'reset' ? null : { featureCode: what, privacyCode: privacyCode! });
    setBusy(null);
    if (!result.ok) setError(result.message);
    // A refusal may mean the settings changed elsewhere: read them again.
    if (!result.ok && !result.offline) setReloads((n) => n + 1);
  };

  let body;
  if (settings === undefined && pull.pulling) body = <Center py="md"><Loader size="sm" role="status" aria-label="Loading Privacy Settings" /></Center>;
  else if (!settings?.length) body = <EmptyState title="No data" description={pull.result && !pull.result.ok ? pull.result.message : undefined} size="sm" />;
  else {
    body = (
      <Stack gap="sm">
        {settings.map((s) => (
          <PrivacySelect
            key={s.featureCode}
            privacies={privacies}
            label={s.featureName}
            size="sm"
            required={false}
            withAsterisk={false}
            placeholder={undefined}
            value={String(s.privacyCode)}
            disabled={busy !== null}
            rightSection={busy === s.featureCode ? <Loader size={14} role="status" aria-label={`Saving ${s.featureName}`} /> : undefined}
            onChange={(value: string | null) => {
              if (value && Number(value) !== s.privacyCode) void save(s.featureCode, Number(value));
            }}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Privacy Settings">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Privacy Settings
        </Title>
        <Button size="xs" variant="default" loading={busy === 'reset'} disabled={busy !== null && busy !== 'reset'} onClick={() => void save('reset')}>
          Reset
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" p="sm" mb="sm" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
          <Text size="sm">{error}</Text>
        </Alert>
      )}
      {body}
    </Paper>
  );
}
