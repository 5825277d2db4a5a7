/**
 * /settings/data — 'Download your data' (issue 29): ask for a copy of everything the member
 * wrote or owns, see it being prepared (the screen asks again every few seconds meanwhile),
 * and download the zip once ready, until it expires. Online only; the state shown is Dexie's
 * (sync/export-calls.ts). The download goes through a link minted on the click: the browser
 * saves the zip itself, streamed, never through the app's storage.
 */
import { Badge, Button, Group, List, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { DATA_EXPORT_TEXT, EXPORT_DAYS, EXPORT_PARTS, type DataExportItem } from '../../../contract/data-export';
import { sync } from '../../sync/client';
import { EmptyState } from '../../ui/empty-state';
import { PageTitle } from '../../ui/page-title';
import { usePagePull } from '../../ui/use-page-pull';
import { useDataExportState } from '../queries';

/** How often the screen asks while the export is prepared (a build takes seconds). */
const REFRESH_MS = 3000;
const tell = (ok: boolean, message: string) => notifications.show({ color: ok ? 'teal' : 'red', message, autoClose: TOAST_MS });
const when = (iso: string) => format(new Date(iso), 'd MMM yyyy, HH:mm');

/** Asks the browser to save the file at `path` (same origin; the server says it is an attachment). */
function saveFrom(path: string): void {
  const anchor = document.createElement('a');
  anchor.href = path;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export function DataExportScreen({ me }: { me: string }) {
  const [reload, setReload] = useState(0);
  const { pulling, result } = usePagePull({ kind: 'dataExport' }, reload);
  const row = useDataExportState(me);
  const current = row?.export ?? null;
  const preparing = current?.status === 'queued' || current?.status === 'building';

  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => setReload((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, [preparing]);

  return (
    <>
      <PageTitle title={DATA_EXPORT_TEXT.title} />
      <Stack gap="md" maw={640}>
        <Text c="dimmed" size="sm">
          A zip file with everything you wrote or own on Billionett, as JSON files you can open in any text editor, plus the pictures, videos and audio you uploaded. A README inside says what each file holds. The
          download works for {EXPORT_DAYS} days.
        </Text>
        {row ? (
          <ExportState item={current} preparing={preparing} />
        ) : (
          <Stack align="center">
            <EmptyState title={pulling ? 'Loading…' : DATA_EXPORT_TEXT.title} description={result && !result.ok ? result.message : undefined} />
            {result && !result.ok && <Button onClick={() => setReload((n) => n + 1)}>Try again</Button>}
          </Stack>
        )}
        <Stack gap={4}>
          <Text fw={600} component="h2" size="md" m={0}>
            What the zip holds
          </Text>
          <List size="sm" spacing={4}>
            {Object.entries(EXPORT_PARTS).map(([part, what]) => (
              <List.Item key={part}>
                <Text span size="sm" ff="monospace">
                  {part}.json
                </Text>{' '}
                — {what}
              </List.Item>
            ))}
            <List.Item>
              <Text span size="sm" ff="monospace">
                media/
              </Text>{' '}
              — every picture, video and audio file you uploaded.
            </List.Item>
          </List>
          <Text c="dimmed" size="sm" mt="xs">
            Not included: what other members wrote (their entries, and their comments on yours), except both sides of your telex conversations; your password and security secrets.
          </Text>
        </Stack>
      </Stack>
    </>
  );
}

function ExportState({ item, preparing }: { item: DataExportItem | null; preparing: boolean }) {
  const [busy, setBusy] = useState<'request' | 'download' | null>(null);
  const request = async () => {
    setBusy('request');
    const answer = await sync.requestDataExport();
    setBusy(null);
    tell(answer.ok, answer.ok ? DATA_EXPORT_TEXT.requested : answer.message);
  };
  const download = async () => {
    setBusy('download');
    const link = await sync.dataExportLink();
    setBusy(null);
    if (link.ok) saveFrom(link.data.downloadPath);
    else tell(false, link.message);
  };

  return (
    <Paper withBorder radius="md" p="md" aria-live="polite">
      {!item && (
        <Group justify="space-between" gap="sm">
          <Text>You have not asked for a copy of your data yet.</Text>
          <Button loading={busy === 'request'} onClick={() => void request()}>
            {DATA_EXPORT_TEXT.request}
          </Button>
        </Group>
      )}
      {item && preparing && (
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" aria-hidden />
          <Text>
            Preparing your data (asked <time dateTime={item.requestedAt}>{when(item.requestedAt)}</time>). This page updates by itself, and a bulletin tells you when it is ready.
          </Text>
        </Group>
      )}
      {item?.status === 'ready' && item.expiresAt && (
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="filled" color="teal.9">
              Ready
            </Badge>
            <Text size="sm">
              Prepared <time dateTime={item.readyAt ?? item.requestedAt}>{when(item.readyAt ?? item.requestedAt)}</time> · {item.files ?? 0} media files · available until{' '}
              <time dateTime={item.expiresAt}>{when(item.expiresAt)}</time>
            </Text>
          </Group>
          <Group gap="xs">
            <Button loading={busy === 'download'} onClick={() => void download()}>
              {DATA_EXPORT_TEXT.download}
            </Button>
            <Button variant="default" loading={busy === 'request'} onClick={() => void request()}>
              {DATA_EXPORT_TEXT.again}
            </Button>
          </Group>
        </Stack>
      )}
      {item?.status === 'failed' && (
        <Group justify="space-between" gap="sm">
          <Text c="var(--mantine-color-error)">
            {DATA_EXPORT_TEXT.failed}
          </Text>
          <Button loading={busy === 'request'} onClick={() => void request()}>
            Try again
          </Button>
        </Group>
      )}
    </Paper>
  );
}
