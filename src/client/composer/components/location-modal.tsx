/** The location modal (spec §2.6): 'Find Location' search and Done (enabled once a place is chosen). */
import { Button, Group, Modal } from '@mantine/core';
import { useState } from 'react';
import type { Place } from '../form';
import { LocationSearch } from '../../ui/location-search';
import { useReturnFocus } from '../../ui/use-return-focus';

export type LocationModalProps = { opened: boolean; value: Place | null; onDone: (place: Place) => void; onClose: () => void };

export function LocationModal({ opened, value, onDone, onClose }: LocationModalProps) {
  useReturnFocus();
  const [place, setPlace] = useState<Place | null>(value);
  return (
    <Modal opened={opened} onClose={onClose} title="Location" size={350} centered>
      <LocationSearch value={place} onChange={setPlace} />
      <Group justify="flex-end" mt="md">
        <Button disabled={!place} onClick={() => place && onDone(place)}>
          Done
        </Button>
      </Group>
    </Modal>
  );
}
