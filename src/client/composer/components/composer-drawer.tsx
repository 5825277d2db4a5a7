/**
 * The entry composer (spec §2.6, §4 "Entry composer"): a top drawer (height 500) titled
 * 'Create {type} on {target}', type tabs, the description, the type's tools and modals,
 * the picked files, a live Preview and the submit button (disabled while invalid,
 * loading while creating). Closing resets it to type Entry, default privacy, empty form.
 */
import { Badge, Button, CloseButton, Drawer, FileButton, Grid, Group, Stack, Tabs, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TOAST_MS } from '../../../contract/codes';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { chooseType, composerTitle, ENTRY_TYPES, tagSummary, type ComposerTarget, type EntryType } from '../form';
import { pickFile } from '../pick-file';
import { useMyProfile, usePrivacies } from '../queries';
import { useComposer } from '../use-composer';
import { ComposerPreview } from './composer-preview';
import { EmotionModal, type EmotionTab } from './emotion-modal';
import { LocationModal } from './location-modal';
import { MediaThumbs } from './media-thumbs';
import { PeriodWizard } from './period-wizard';
import { PollModal } from './poll-modal';
import { PrivacyModal } from './privacy-modal';
import { TagModal } from './tag-modal';
import classes from './composer-drawer.module.css';
import { useOnline } from '../../ui/use-online';

export type ComposerDrawerProps = {
  me: string;
  target: ComposerTarget;
  opened: boolean;
  onClose: () => void;
  /** A share from another app to fill in (its id in the shares inbox), and who to tell once it is in. */
  share?: string;
  onShareTaken?: () => void;
};
type Dialog = 'tags' | 'emotion' | 'poll' | 'location' | 'period' | 'privacy' | null;

export function ComposerDrawer({ me, target, opened, onClose, share, onShareTaken }: ComposerDrawerProps) {
  const c = useComposer(me, target, opened, share, onShareTaken);
  const { form, update } = c;
  const profile = useMyProfile(me);
  const privacies = usePrivacies(me);
  const online = useOnline();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [emotionTab, setEmotionTab] = useState<EmotionTab>('feeling');
  const [unset, setUnset] = useState<'feeling' | 'activity' | null>(null);
  const close = () => {
    c.reset();
    onClose();
  };
  const pick = async (file: File | null) => {
    if (!file) return;
    const outcome = await pickFile(file);
    if (!outcome.ok) {
      notifications.show({ color: 'red', message: outcome.message, autoClose: TOAST_MS });
      return;
    }
    c.files.set(outcome.file.id, outcome.file);
    // Theatre holds exactly one video: a new pick replaces the old.
    update((f) => ({ ...f, picks: f.type === 4 ? [outcome.pick] : [...f.picks, outcome.pick] }));
  };
  const openEmotion = (tab: EmotionTab) => {
    setEmotionTab(tab);
    setDialog('emotion');
  };
  const chosen = unset ? form[unset] : null;
  const privacyName = privacies?.find((p) => p.privacyCode === form.privacyCode)?.privacyName ?? 'Privacy';
  const busy = c.sending !== null;

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="top"
      size={500}
      title={composerTitle(form.type, target)}
      // Escape closes the topmost dialog only: every open Mantine modal hears it (a window
      // listener each), so while one of the composer's own is open the drawer ignores it.
      closeOnEscape={dialog === null && unset === null}
    >
      <Tabs
        value={String(form.type)}
        onChange={(v) => v && update((f) => chooseType(f, Number(v) as EntryType))}
        classNames={{ list: classes.list, tab: classes.tab }}
      >
        <Tabs.List>
          {ENTRY_TYPES.map((t) => (
            <Tabs.Tab key={t.type} value={String(t.type)} disabled={busy}>
              {t.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Grid mt="sm">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="xs">
            <Textarea
              // Focus starts where the member writes (the drawer's focus trap looks for it).
              data-autofocus
              aria-label="Description"
              dir="auto"
              placeholder="What's on your mind?"
              autosize
              minRows={3}
              maxRows={6}
              value={form.description}
              onChange={(e) => {
                const description = e.currentTarget.value;
                update((f) => ({ ...f, description }));
              }}
            />
            <Group gap={6}>
              <FileButton onChange={(file) => void pick(file)} accept={form.type === 4 ? 'video/*' : 'image/*,video/*,audio/*'}>
                {(props) => (
                  <Button {...props} size="xs" variant="light" disabled={busy}>
                    {form.type === 4 ? 'Video' : 'Photo / Video'}
                  </Button>
                )}
              </FileButton>
              <Button size="xs" variant="light" onClick={() => setDialog('tags')}>
                Tag billionetts
              </Button>
              <Button size="xs" variant="light" onClick={() => openEmotion('feeling')}>
                Feeling / Activity
              </Button>
              {form.type === 1 && (
                <Button size="xs" variant="light" onClick={() => setDialog('poll')}>
                  Poll
                </Button>
              )}
              {(form.type === 5 || form.type === 4) && (
                <Button size="xs" variant="light" onClick={() => setDialog('location')}>
                  Location
                </Button>
              )}
              {(form.type === 2 || form.type === 3) && (
                <Button size="xs" variant="light" onClick={() => setDialog('period')}>
                  {form.type === 2 ? 'Where & When' : 'Checkin'}
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => setDialog('privacy')}>
                {privacyName}
              </Button>
            </Group>
            <Group gap={6}>
              {form.tags.length > 0 && (
                <Badge variant="light" rightSection={<CloseButton size="xs" aria-label="Remove tags" onClick={() => update((f) => ({ ...f, tags: [] }))} />}>
                  with {tagSummary(form.tags)}
                </Badge>
              )}
              {(['feeling', 'activity'] as const).map((kind) => {
                const e = form[kind];
                return e ? (
                  <Badge key={kind} variant="light" color="grape" rightSection={<CloseButton size="xs" aria-label={`Remove ${kind}`} onClick={() => setUnset(kind)} />}>
                    {e.emojiDisplay} {e.emojiName}
                  </Badge>
                ) : null;
              })}
              {form.from && (
                <Badge variant="light" color="teal" rightSection={<CloseButton size="xs" aria-label="Remove location" onClick={() => update((f) => ({ ...f, from: null, to: null }))} />}>
                  {form.from.place}
                  {form.to ? ` → ${form.to.place}` : ''}
                </Badge>
              )}
            </Group>
            <MediaThumbs
              me={me}
              picks={form.picks}
              files={c.files}
              sending={c.sending}
              online={online}
              onRemove={(id) => {
                c.files.delete(id);
                update((f) => ({ ...f, picks: f.picks.filter((p) => p.id !== id) }));
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <ComposerPreview form={form} profile={profile} />
          <Group justify="flex-end" mt="md">
            <Button disabled={!c.valid} loading={busy} onClick={() => void c.submit()}>
              Post
            </Button>
          </Group>
        </Grid.Col>
      </Grid>

      {dialog === 'tags' && (
      <TagModal me={me} opened={dialog === 'tags'} tags={form.tags} onClose={() => setDialog(null)} onDone={(tags) => { update((f) => ({ ...f, tags })); setDialog(null); }} />
      )}
      {dialog === 'emotion' && (
      <EmotionModal
        me={me}
        opened={dialog === 'emotion'}
        tab={emotionTab}
        onClose={() => setDialog(null)}
        onPick={(e) => {
          update((f) => (e.emojiType === 'feeling' ? { ...f, feeling: e } : { ...f, activity: e }));
          setDialog(null);
        }}
      />
      )}
      {dialog === 'poll' && (
      <PollModal opened={dialog === 'poll'} poll={form.poll} onClose={() => setDialog(null)} onOk={(poll) => { update((f) => ({ ...f, poll })); setDialog(null); }} />
      )}
      {dialog === 'location' && (
      <LocationModal opened={dialog === 'location'} value={form.from} onClose={() => setDialog(null)} onDone={(from) => { update((f) => ({ ...f, from })); setDialog(null); }} />
      )}
      {dialog === 'period' && (
      <PeriodWizard
        opened={dialog === 'period'}
        transit={form.type === 3}
        value={{ start: form.start, end: form.end, from: form.from, to: form.to }}
        onClose={() => setDialog(null)}
        onDone={(p) => {
          update((f) => ({ ...f, ...p, to: f.type === 3 ? p.to : null }));
          setDialog(null);
        }}
      />
      )}
      {dialog === 'privacy' && (
      <PrivacyModal me={me} opened={dialog === 'privacy'} value={form.privacyCode} onClose={() => setDialog(null)} onConfirm={(privacyCode) => { update((f) => ({ ...f, privacyCode })); setDialog(null); }} />
      )}
      <ConfirmDialog
        opened={chosen !== null}
        title={unset === 'activity' ? 'Activity' : 'Feeling'}
        message={chosen ? `Are you sure not ${chosen.emojiDisplay} ${chosen.emojiName}?` : ''}
        confirmLabel="Yes"
        cancelLabel="Cancel"
        onClose={() => setUnset(null)}
        onConfirm={() => {
          const kind = unset;
          if (kind) update((f) => ({ ...f, [kind]: null }));
          setUnset(null);
        }}
      />
    </Drawer>
  );
}
