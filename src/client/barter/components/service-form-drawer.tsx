/**
 * The 'Add New Service' drawer and its update mode (spec §2.11, §5 "Barter form"): the
 * service (picked from the services list), heading, description, 'from' place (from 3
 * characters) and then 'to', start date and then end date (cleared when the start
 * changes), the appear date, privacy, and pictures added one at a time (images only),
 * each uploaded as it is picked with its progress. Validated by the contract's schema and
 * date rules — the server's own — so the messages are the spec's.
 * A new listing is never lost: the form is kept in Dexie as the member types (a draft,
 * restored when the drawer opens again), a picture picked offline is kept on the device,
 * and a save offline (or with such pictures) is queued — delivered exactly once, its card
 * pending until then. Online, the save is a call whose refusals land on the fields. The
 * listing's code (a UUID) is made when the draft starts, so every retry makes one listing.
 * Updates are online calls.
 */
import { ActionIcon, Box, Button, Drawer, FileButton, Group, Image, Progress, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { BARTER_GALLERY_MAX, BARTER_LOCATION_MIN, barterDateErrors, barterForm, type BarterForm } from '../../../contract/barter';
import { TOAST_MS } from '../../../contract/codes';
import type { LocationDetails } from '../../../contract/entries';
import { galleryThumbPath } from '../../../contract/media';
import type { ServiceRow } from '../../store/db';
import { AnswerAlert, DateField, DrawerActions, PrivacySelect, useVaultSave } from '../../ui/form-parts';
import { IconX } from '../../ui/icons';
import { LocationSearch } from '../../ui/location-search';
import { localBlobId, useMediaSrc } from '../../ui/media-src';
import { usePrivacies, useServiceKinds } from '../../ui/use-masters';
import { clearDraft, dropPicture, keepDraft, keepPicture, queueService, saveService, uploadServicePicture, type BarterDraft } from '../commands';
import { useBarterDraft } from '../queries';
import { useOnline } from '../../ui/use-online';

type Picture = { path: string; width: number; height: number; id?: number };
type Values = {
  /** The service's name as picked (the queued card shows it before the server answers). */
  serviceName: string;
  serviceCode: string;
  serviceHeading: string;
  serviceDescription: string;
  from: LocationDetails | null;
  to: LocationDetails | null;
  fromdate: string;
  todate: string;
  serviceAppearDate: string;
  privacyCode: string;
  pictures: Picture[];
};

function valuesOf(item: ServiceRow | undefined): Values {
  if (!item) {
    return { serviceName: '', serviceCode: '', serviceHeading: '', serviceDescription: '', from: null, to: null, fromdate: '', todate: '', serviceAppearDate: '', privacyCode: '1', pictures: [] };
  }
  const { originalPost: p, location: l } = item;
  return {
    serviceName: p.serviceName,
    serviceCode: p.serviceCategoryCode,
    serviceHeading: p.serviceHeading,
    serviceDescription: p.serviceDescription,
    from: { placeId: l.fromplaceId, place: l.fromplaceName, latitude: l.fromlatitude, longitude: l.fromlongitude },
    to: l.toplaceId && l.toplaceName && l.tolatitude !== null && l.tolongitude !== null ? { placeId: l.toplaceId, place: l.toplaceName, latitude: l.tolatitude, longitude: l.tolongitude } : null,
    fromdate: p.fromdate,
    todate: p.todate ?? '',
    serviceAppearDate: p.serviceAppearDate,
    privacyCode: String(p.privacyCode),
    pictures: item.serviceGalleries,
  };
}

function bodyOf(v: Values, item: ServiceRow | undefined): BarterForm {
  const kept = new Set(v.pictures.flatMap((p) => (p.id === undefined ? [] : [p.id])));
  return {
    serviceCode: v.serviceCode,
    serviceHeading: v.serviceHeading,
    serviceDescription: v.serviceDescription,
    privacyCode: Number(v.privacyCode) || 0,
    // An appear date in the past is kept as it is on update only when unchanged; a new listing appears today by default.
    ...(v.serviceAppearDate && (!item || v.serviceAppearDate !== item.originalPost.serviceAppearDate) ? { serviceAppearDate: v.serviceAppearDate } : {}),
    fromdate: v.fromdate,
    todate: v.todate || undefined,
    fromLocationDetails: v.from ?? undefined,
    toLocationDetails: v.to ?? undefined,
    serviceGalleries: v.pictures.map((p) => (p.id === undefined ? { path: p.path } : { path: p.path, id: p.id })),
    deleteImages: (item?.serviceGalleries ?? []).filter((g) => !kept.has(g.id)).map((g) => g.id),
  };
}

/** The contract's field names → the form's. */
const FIELD: Record<string, keyof Values> = {
  serviceCode: 'serviceCode',
  serviceHeading: 'serviceHeading',
  serviceDescription: 'serviceDescription',
  fromLocationDetails: 'from',
  toLocationDetails: 'to',
  fromdate: 'fromdate',
  todate: 'todate',
  serviceAppearDate: 'serviceAppearDate',
  privacyCode: 'privacyCode',
  serviceGalleries: 'pictures',
};

export function ServiceFormDrawer({ me, item, opened, onClose, onSaved }: { me: string; item?: ServiceRow; opened: boolean; onClose: () => void; onSaved: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={460} title={item ? 'Update Service' : 'Add New Service'}>
      {/* Unmounted when closed: each opening starts from the row (or the draft) as it is now. */}
      {opened && (item ? <ServiceForm me={me} item={item} onDone={onSaved} onClose={onClose} /> : <NewServiceForm me={me} onDone={onSaved} onClose={onClose} />)}
    </Drawer>
  );
}

/** Create mode: opens on the draft the member left, or a new one with a new code. */
function NewServiceForm({ me, onDone, onClose }: { me: string; onDone: () => void; onClose: () => void }) {
  const draft = useBarterDraft(me);
  const [fresh] = useState(() => crypto.randomUUID());
  if (draft === undefined) return null;
  return <ServiceForm me={me} draft={draft ?? { code: fresh, values: valuesOf(undefined) }} onDone={onDone} onClose={onClose} />;
}

/** One picture of the form: from the server, or from the device while it waits to be sent. */
function PictureThumb({ me, picture, index, onRemove }: { me: string; picture: Picture; index: number; onRemove: () => void }) {
  const src = useMediaSrc(me, localBlobId(picture.path) ? picture.path : galleryThumbPath(picture.path));
  return (
    <Box pos="relative">
      <Image src={src} alt={`Picture ${index + 1} of the service`} radius="sm" h={80} fit="cover" />
      <ActionIcon size="sm" variant="filled" color="dark" pos="absolute" top={4} right={4} aria-label={`Remove picture ${index + 1}`} onClick={onRemove}>
        <IconX size={12} />
      </ActionIcon>
    </Box>
  );
}

type FormProps = { me: string; item?: ServiceRow; draft?: BarterDraft; onDone: () => void; onClose: () => void };

function ServiceForm({ me, item, draft, onDone, onClose }: FormProps) {
  const privacies = usePrivacies(me);
  const online = useOnline();
  const [key] = useState(() => crypto.randomUUID());
  /** The listing's code: its own on update; the draft's (the queued create's) on create. */
  const code = item?.serviceCode ?? draft!.code;
  const initial = item ? valuesOf(item) : (draft!.values as Values);
  const kinds = useServiceKinds(me);
  const [upload, setUpload] = useState<{ fraction: number; error?: string } | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const body = bodyOf(values, item);
      const parsed = barterForm.safeParse(body);
      const errors: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = FIELD[String(issue.path[0])];
        if (field && !errors[field]) errors[field] = issue.message;
      }
      for (const [field, message] of Object.entries(barterDateErrors(body))) if (!errors[field]) errors[FIELD[field] ?? field] = message;
      return errors;
    },
  });
  const finish = () => {
    onDone();
    onClose();
  };
  const { saving, answer, save } = useVaultSave(form, finish);

  // Create mode: the draft follows the member's typing (a moment after they pause).
  const typed = form.values;
  useEffect(() => {
    if (item) return;
    const timer = setTimeout(() => void keepDraft(me, { code, values: typed }), 300);
    return () => clearTimeout(timer);
  }, [item, me, code, typed]);

  const addPicture = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setUpload({ fraction: 0, error: 'Only pictures can be added.' });
      return;
    }
    if (!online && !item) {
      // Kept on the device; the worker uploads it before the listing when it is sent.
      const path = await keepPicture(me, code, file);
      form.setFieldValue('pictures', [...form.values.pictures, { path, width: 0, height: 0 }]);
      return;
    }
    setUpload({ fraction: 0 });
    const result = await uploadServicePicture(file, file.name, crypto.randomUUID(), (fraction) => setUpload({ fraction }));
    if (!result.ok) {
      setUpload({ fraction: 0, error: result.message });
      return;
    }
    setUpload(null);
    form.setFieldValue('pictures', [...form.values.pictures, { path: result.data.path, width: result.data.width, height: result.data.height }]);
  };

  const queue = async (values: Values) => {
    await queueService(me, { userCode: me, serviceName: values.serviceName, data: { ...bodyOf(values, undefined), userServiceCode: code } });
    await clearDraft(me);
    notifications.show({ message: 'Saved on this device: it will be sent when you are back online.', autoClose: TOAST_MS });
  };

  const submit = form.onSubmit(async (values) => {
    // A new listing offline, or with pictures still on the device, goes through the outbox.
    if (!item && (!online || values.pictures.some((p) => localBlobId(p.path)))) {
      await queue(values);
      finish();
      return;
    }
    await save(async () => {
      const body = item ? bodyOf(values, item) : { ...bodyOf(values, undefined), userServiceCode: code };
      const result = await saveService({ code: item?.serviceCode, form: body, key });
      // The network went while saving: the new listing waits in the outbox instead.
      if (!result.ok && (result.offline || result.status === 0) && !item) {
        await queue(values);
        return { ok: true, status: 0, message: 'Queued.', data: { code } };
      }
      if (result.ok && !item) await clearDraft(me);
      if (!result.ok && result.errors) {
        const errors = Object.fromEntries(Object.entries(result.errors).map(([f, m]) => [FIELD[f.replace(/^body\./, '')] ?? f, m]));
        return { ...result, errors };
      }
      return result;
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label="Service"
          required
          withAsterisk
          searchable
          placeholder="Type to find a service"
          nothingFoundMessage="No data"
          data={kinds.map((k) => ({ value: k.serviceCode, label: k.serviceName }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('serviceCode')}
          onChange={(value) => {
            form.setFieldValue('serviceCode', value ?? '');
            form.setFieldValue('serviceName', kinds.find((k) => k.serviceCode === value)?.serviceName ?? '');
          }}
        />
        <TextInput label="Barter Heading" required withAsterisk {...form.getInputProps('serviceHeading')} />
        <Textarea label="Barter Description" required withAsterisk autosize minRows={3} {...form.getInputProps('serviceDescription')} />
        <LocationSearch
          label="From location"
          minLength={BARTER_LOCATION_MIN}
          value={form.values.from}
          error={form.errors.from}
          onChange={(place) => form.setFieldValue('from', place)}
        />
        <LocationSearch
          label="To location (optional)"
          minLength={BARTER_LOCATION_MIN}
          disabled={!form.values.from}
          value={form.values.to}
          onChange={(place) => form.setFieldValue('to', place)}
        />
        <Group grow align="flex-start">
          <DateField
            label="Start date"
            required
            {...form.getInputProps('fromdate')}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
              // A new start clears the end: it must be chosen again after it.
              form.setFieldValue('fromdate', e.currentTarget.value);
              form.setFieldValue('todate', '');
            }}
          />
          <DateField label="End date" disabled={!form.values.fromdate} min={form.values.fromdate || undefined} {...form.getInputProps('todate')} />
        </Group>
        <DateField label="Appears from" max={form.values.fromdate || undefined} {...form.getInputProps('serviceAppearDate')} />
        <PrivacySelect privacies={privacies} {...form.getInputProps('privacyCode')} onChange={(value: string | null) => form.setFieldValue('privacyCode', value ?? '')} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Pictures
          </Text>
          {form.values.pictures.length > 0 && (
            <SimpleGrid cols={3} spacing={6}>
              {form.values.pictures.map((p, i) => (
                <PictureThumb
                  key={p.path}
                  me={me}
                  picture={p}
                  index={i}
                  onRemove={() => {
                    const blob = localBlobId(p.path);
                    if (blob) void dropPicture(me, blob);
                    form.setFieldValue('pictures', form.values.pictures.filter((q) => q.path !== p.path));
                  }}
                />
              ))}
            </SimpleGrid>
          )}
          {upload && !upload.error && <Progress value={upload.fraction * 100} aria-label="Picture upload" size="sm" />}
          {(upload?.error || form.errors.pictures) && (
            <Text size="sm" c="red" role="alert">
              {upload?.error ?? form.errors.pictures}
            </Text>
          )}
          <FileButton onChange={(file) => void addPicture(file)} accept="image/*" inputProps={{ 'aria-label': 'Service picture file' }}>
            {(props) => (
              <Button {...props} variant="default" disabled={form.values.pictures.length >= BARTER_GALLERY_MAX || (upload !== null && !upload.error)}>
                Add a picture
              </Button>
            )}
          </FileButton>
        </Stack>
        {!item && !online && (
          <Text size="sm" c="dimmed">
            You are offline: Save keeps it on this device and sends it when you are back online.
          </Text>
        )}
        <AnswerAlert message={answer} />
        <DrawerActions onClose={onClose} saving={saving} />
      </Stack>
    </form>
  );
}
