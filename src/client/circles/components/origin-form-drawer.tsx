/**
 * The 'Add Circle' / 'Add Slate' drawer and its update mode (spec §2.10, §4 "Circle or
 * slate form: create mode without an item, update mode with one; after save the drawer
 * closes and the list refreshes"; §5 "Circle form" / "Slate form"). Validated by the
 * contract's own schema, the one the server applies, so the messages are the spec's.
 * Online only: offline the save answers 'You are offline. …' and nothing changes.
 * The Idempotency-Key is made when the drawer opens, so a double tap or a retry after
 * a lost answer creates one circle.
 */
import { Drawer, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { categoryOf, circleForm, DESCRIPTION_MAX, slateForm, STATUS_PAUSED, type CircleForm, type SlateForm } from '../../../contract/circle-admin';
import { STATUS_ACTIVE } from '../../../contract/codes';
import type { CircleRow, SlateRow } from '../../store/db';
import type { OriginKind } from '../../store/origin-lists';
import { AnswerAlert, DrawerActions, PrivacySelect, useVaultSave } from '../../ui/form-parts';
import { usePrivacies, useProfessions } from '../../ui/use-masters';
import { saveOrigin } from '../commands';

/** The form as the screen holds it: one shape for both kinds. */
type Values = { name: string; caption: string; description: string; type: string; privacyCode: string; active: boolean };

export type OriginFormDrawerProps = {
  me: string;
  kind: OriginKind;
  /** Update mode: the row as the device knows it; absent: create. */
  item?: CircleRow | SlateRow;
  opened: boolean;
  onClose: () => void;
};

const WORDS = {
  circle: { noun: 'Circle', add: 'Add Circle', update: 'Update Circle' },
  slate: { noun: 'Slate', add: 'Add Slate', update: 'Update Slate' },
} as const;

function valuesOf(item: CircleRow | SlateRow | undefined): Values {
  if (!item) return { name: '', caption: '', description: '', type: '', privacyCode: '1', active: true };
  if ('groupCode' in item) {
    return {
      name: item.groupName,
      caption: item.groupCaption,
      description: item.groupDescription ?? '',
      type: item.groupType ?? '',
      privacyCode: String(item.privacyCode ?? 1),
      active: item.statusCode === STATUS_ACTIVE,
    };
  }
  return {
    name: item.pageName,
    caption: item.pageCaption,
    description: item.pageDescription ?? '',
    type: item.pageType ?? '',
    privacyCode: String(item.privacyCode ?? 1),
    active: item.statusCode === STATUS_ACTIVE,
  };
}

/** The body the contract wants for this kind, from the screen's values. */
function bodyOf(kind: OriginKind, v: Values, update: boolean): CircleForm | SlateForm {
  const status = update ? { statusCode: v.active ? STATUS_ACTIVE : STATUS_PAUSED } : {};
  const privacyCode = Number(v.privacyCode) || (undefined as unknown as number);
  if (kind === 'circle') return { groupName: v.name, groupCaption: v.caption, groupDescription: v.description, groupType: v.type, privacyCode, ...status } as CircleForm;
  return { pageName: v.name, pageCaption: v.caption, pageDescription: v.description, pageType: v.type, privacyCode, ...status } as SlateForm;
}

/** The contract's field names → the screen's. */
const FIELD: Record<string, keyof Values> = {
  groupName: 'name',
  pageName: 'name',
  groupCaption: 'caption',
  pageCaption: 'caption',
  groupDescription: 'description',
  pageDescription: 'description',
  groupType: 'type',
  pageType: 'type',
  privacyCode: 'privacyCode',
};

export function OriginFormDrawer({ me, kind, item, opened, onClose }: OriginFormDrawerProps) {
  const words = WORDS[kind];
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={420} title={item ? words.update : words.add}>
      {/* Unmounted when closed: each opening starts from the row as it is now, with a new key. */}
      {opened && <OriginForm me={me} kind={kind} item={item} onDone={onClose} />}
    </Drawer>
  );
}

function OriginForm({ me, kind, item, onDone }: { me: string; kind: OriginKind; item?: CircleRow | SlateRow; onDone: () => void }) {
  const professions = useProfessions(me);
  const privacies = usePrivacies(me);
  const [key] = useState(() => crypto.randomUUID());
  const schema = kind === 'circle' ? circleForm : slateForm;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(item),
    validate: (values) => {
      const parsed = schema.safeParse(bodyOf(kind, values, Boolean(item)));
      if (parsed.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD[String(issue.path[0])];
        if (field && !errors[field]) errors[field] = issue.message;
      }
      return errors;
    },
  });
  const { saving, answer, save } = useVaultSave(form, onDone);
  const code = item ? ('groupCode' in item ? item.groupCode : item.pageCode) : undefined;
  const noun = WORDS[kind].noun;

  const submit = form.onSubmit((values) =>
    save(async () => {
      const body = bodyOf(kind, values, Boolean(item));
      const result =
        kind === 'circle'
          ? await saveOrigin({ kind, code, form: body as CircleForm, key })
          : await saveOrigin({ kind, code, form: body as SlateForm, key });
      // The server names fields as the contract does; the form's are shorter.
      if (!result.ok && result.errors) {
        const errors = Object.fromEntries(Object.entries(result.errors).map(([f, m]) => [`body.${FIELD[f.replace(/^body\./, '')] ?? f}`, m]));
        return { ...result, errors };
      }
      return result;
    }),
  );

  const category = form.values.type ? categoryOf(form.values.type).name : '';
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={`${noun} Name`} required withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Caption" required withAsterisk {...form.getInputProps('caption')} />
        <Select
          label={`${noun} Type`}
          required
          withAsterisk
          searchable
          placeholder={`Please Choose ${noun} Type.`}
          nothingFoundMessage="No data"
          data={professions.map((p) => ({ value: p.professionCode, label: p.professionName }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('type')}
          onChange={(value) => form.setFieldValue('type', value ?? '')}
        />
        {category && (
          <Text size="sm" c="dimmed">
            Category: {category}
          </Text>
        )}
        <Textarea label="Description" autosize minRows={3} maxRows={8} maxLength={DESCRIPTION_MAX} {...form.getInputProps('description')} />
        <PrivacySelect privacies={privacies} {...form.getInputProps('privacyCode')} onChange={(value: string | null) => form.setFieldValue('privacyCode', value ?? '')} />
        {item && (
          <Switch
            label={form.values.active ? 'Active' : 'Paused: dimmed and closed to everyone but you'}
            checked={form.values.active}
            onChange={(event) => form.setFieldValue('active', event.currentTarget.checked)}
          />
        )}
        <AnswerAlert message={answer} />
        <DrawerActions onClose={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
