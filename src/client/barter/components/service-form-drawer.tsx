/**
 * The 'Add New Service' drawer and its update mode (spec §2.11, §5 "Barter form"): the
 * service (picked from the services list), heading, description, 'from' place (from 3
 * characters) and then 'to', start date and then end date (cleared when the start
 * changes), the appear date, privacy, and pictures added one at a time (images only),
 * each uploaded as it is picked with its progress. Validated by the contract's schema —
 * the server's own — so the messages are the spec's. Online only: offline the save says
 * so and nothing changes. The Idempotency-Key is made when the drawer opens, so a double
 * tap or a retry after a lost answer makes one listing.
 */
import { ActionIcon, Drawer, FileButton, Group, Image, Progress, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Button, Box } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { BARTER_GALLERY_MAX, BARTER_LOCATION_MIN, barterForm, type BarterForm, type ServiceKind } from '../../../contract/barter';
import type { LocationDetails } from '../../../contract/entries';
import { galleryThumbPath } from '../../../contract/media';
import type { ServiceRow } from '../../store/db';
import { AnswerAlert, DateField, DrawerActions, PrivacySelect, useVaultSave } from '../../ui/form-parts';
import { IconX } from '../../ui/icons';
import { LocationSearch } from '../../ui/location-search';
import { usePrivacies } from '../../ui/use-masters';
import { saveService, searchServiceKinds, uploadServicePicture } from '../commands';

type Picture = { path: string; width: number; height: number; id?: number };
type Values = {
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
    return { serviceCode: '', serviceHeading: '', serviceDescription: '', from: null, to: null, fromdate: '', todate: '', serviceAppearDate: '', privacyCode: '1', pictures: [] };
  }
  const { originalPost: p, location: l } = item;
  return {
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
      {/* Unmounted when closed: each opening starts from the row as it is now, with a new key. */}
      {opened && (
        <ServiceForm
          me={me}
          item={item}
          onDone={() => {
            onSaved();
            onClose();
          }}
          onClose={onClose}
        />
      )}
    </Drawer>
  );
}

function ServiceForm({ me, item, onDone, onClose }: { me: string; item?: ServiceRow; onDone: () => void; onClose: () => void }) {
  const privacies = usePrivacies(me);
  const [key] = useState(() => crypto.randomUUID());
  const [kinds, setKinds] = useState<ServiceKind[]>(item ? [{ serviceCode: item.originalPost.serviceCategoryCode, serviceName: item.originalPost.serviceName }] : []);
  const [upload, setUpload] = useState<{ fraction: number; error?: string } | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(item),
    validate: (values) => {
      const parsed = barterForm.safeParse(bodyOf(values, item));
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

  const findKinds = async (text: string) => {
    if (!text.trim()) return;
    const result = await searchServiceKinds(text.trim());
    if (result.ok) setKinds((known) => [...known.filter((k) => k.serviceCode === form.values.serviceCode), ...result.data.filter((k) => k.serviceCode !== form.values.serviceCode)]);
  };

  const addPicture = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setUpload({ fraction: 0, error: 'Only pictures can be added.' });
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

  const submit = form.onSubmit((values) =>
    save(async () => {
      const result = await saveService({ code: item?.serviceCode, form: bodyOf(values, item), key });
      if (!result.ok && result.errors) {
        const errors = Object.fromEntries(Object.entries(result.errors).map(([f, m]) => [FIELD[f.replace(/^body\./, '')] ?? f, m]));
        return { ...result, errors };
      }
      return result;
    }),
  );

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
          filter={({ options }) => options}
          onSearchChange={(text) => void findKinds(text)}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('serviceCode')}
          onChange={(value) => form.setFieldValue('serviceCode', value ?? '')}
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
                <Box key={p.path} pos="relative">
                  <Image src={galleryThumbPath(p.path)} alt={`Picture ${i + 1} of the service`} radius="sm" h={80} fit="cover" />
                  <ActionIcon
                    size="sm"
                    variant="filled"
                    color="dark"
                    pos="absolute"
                    top={4}
                    right={4}
                    aria-label={`Remove picture ${i + 1}`}
                    onClick={() => form.setFieldValue('pictures', form.values.pictures.filter((q) => q.path !== p.path))}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                </Box>
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
        <AnswerAlert message={answer} />
        <DrawerActions onClose={onClose} saving={saving} />
      </Stack>
    </form>
  );
}
