/**
 * The composer's state: the form (restored from the Dexie draft when the drawer
 * opens, saved back as the member types), the picked files' bytes (kept in memory
 * until submit; drafts never hold blobs), and the submit cycle of spec §4: loading
 * while creating, then '{type name} Created' and a reset. Online, "created" waits
 * until the server has the entry (the thumbnails show upload progress meanwhile);
 * offline it is said at once — the entry is queued and goes when the network returns.
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { TOAST_MS } from '../../contract/codes';
import { createEntry, isOnline, keepDraft, targetKey, type PickedFile } from './commands';
import { emptyForm, isValid, typeName, type ComposerForm, type ComposerTarget, type EntryType, type Pick } from './form';
import { sharedText } from '../../contract/share';
import { takeShare } from '../store/share-inbox';
import { pickFile } from './pick-file';
import { useDraft, usePostSync } from './queries';

/** Online, how long the drawer waits for the server before it calls the entry queued. */
const WAIT_MS = 20_000;

export function useComposer(me: string, target: ComposerTarget, opened: boolean, share?: string, onShareTaken?: () => void) {
  const key = targetKey(target);
  const draft = useDraft(me, key);
  const [form, setForm] = useState<ComposerForm>(emptyForm);
  const [restored, setRestored] = useState(false);
  // A stable map (never replaced): the picked files' bytes, by pick id.
  const [files] = useState(() => new Map<string, PickedFile>());
  /** The entry being sent online, and its type (for '{type name} Created'). */
  const [sending, setSending] = useState<{ code: string; type: EntryType } | null>(null);
  const sent = usePostSync(me, sending?.code ?? null);

  // Restore the draft once per opening (the live query answers undefined while loading):
  // state adjusted while rendering, React's pattern for state derived from changing input.
  if (opened && !restored && draft !== undefined) {
    setRestored(true);
    if (draft?.value) setForm({ ...emptyForm(), ...(draft.value as Partial<ComposerForm>), picks: [] });
  }

  const update = (next: (f: ComposerForm) => ComposerForm) => setForm(next);

  // A share from another app (sw/share-target.ts): its text after the draft's, its photos
  // picked as the member would pick them. Taken once, after the draft is restored.
  useEffect(() => {
    if (!opened || !restored || !share) return;
    let live = true;
    void (async () => {
      const item = await takeShare(share).catch(() => null);
      if (!live || !item) return;
      const text = sharedText(item);
      const picked: Pick[] = [];
      for (const f of item.files) {
        const outcome = await pickFile(new File([f.blob], f.name, { type: f.type }));
        if (outcome.ok) {
          files.set(outcome.file.id, outcome.file);
          picked.push(outcome.pick);
        }
      }
      setForm((f) => ({ ...f, description: [f.description.trim(), text].filter(Boolean).join('\n'), picks: [...f.picks, ...picked] }));
      onShareTaken?.();
    })();
    return () => {
      live = false;
    };
  }, [opened, restored, share, files, onShareTaken]);
  // The draft follows the form as the member types (Dexie: an external system).
  useEffect(() => {
    if (restored) void keepDraft(me, key, form);
  }, [me, key, form, restored]);

  /** §4: closing (or a success) resets to type Entry, default privacy, an empty form. */
  const reset = () => {
    files.clear();
    setForm(emptyForm());
    setSending(null);
  };

  const done = (message: string, color?: string) => {
    notifications.show({ message, color, autoClose: TOAST_MS });
    reset();
  };

  // Waiting for the server: delivered, refused, or too slow (then it simply stays queued).
  const outcome = !sending || !sent ? null : sent.exists && !sent.sync ? 'created' : sent.error ? 'failed' : null;
  useEffect(() => {
    if (!sending) return;
    const name = typeName(sending.type);
    // Too slow: it stays queued and the worker sends it later; the drawer need not wait.
    const timer = setTimeout(
      () => (outcome === 'failed' ? done(sent?.error ?? '', 'red') : done(`${name} Created`)),
      outcome ? 0 : WAIT_MS,
    );
    return () => clearTimeout(timer);
  });

  const submit = async () => {
    if (!isValid(form) || sending) return;
    const code = await createEntry(me, target, form, [...files.values()]);
    if (await isOnline()) setSending({ code, type: form.type });
    else done(`${typeName(form.type)} Created`);
  };

  return {
    form,
    update,
    files,
    valid: isValid(form),
    sending: sending?.code ?? null,
    submit,
    reset: () => {
      setRestored(false);
      reset();
      void keepDraft(me, key, null);
    },
  };
}
