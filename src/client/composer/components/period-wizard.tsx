/**
 * Occasion 'Where & When' (steps Date, Location) and transit 'Checkin' (steps Date,
 * Start Location, CheckOut) — spec §2.6, §4, §5 "Dates". Next is disabled until a start
 * date is chosen; choosing a start enables the end and clears it; the start cannot be
 * today or earlier and the end cannot precede it; Done needs the location(s).
 */
import { Button, Group, Modal, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ENTRY_MESSAGES } from '../../../contract/entries';
import { endAllowed, fromInput, startAllowed, toInput, type Place } from '../form';
import { LocationSearch } from '../../ui/location-search';
import { useReturnFocus } from '../../ui/use-return-focus';

export type Period = { start: string | null; end: string | null; from: Place | null; to: Place | null };
export type PeriodWizardProps = { opened: boolean; transit: boolean; value: Period; onDone: (value: Period) => void; onClose: () => void };

export function PeriodWizard({ opened, transit, value, onDone, onClose }: PeriodWizardProps) {
  useReturnFocus();
  const [step, setStep] = useState(0);
  const [v, setV] = useState<Period>(value);
  const last = transit ? 2 : 1;
  const startError = v.start && !startAllowed(v.start) ? ENTRY_MESSAGES.startNotFuture : null;
  const endError = v.start && v.end && !endAllowed(v.start, v.end) ? ENTRY_MESSAGES.endBeforeStart : null;
  const dateOk = Boolean(v.start) && !startError && !endError;
  const doneOk = dateOk && Boolean(v.from) && (!transit || Boolean(v.to));
  return (
    <Modal opened={opened} onClose={onClose} title={transit ? 'Checkin' : 'Where & When'} size={400} centered>
      <Stepper active={step} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label="Date">
          <Stack gap="xs">
            <TextInput
              type="datetime-local"
              label="Start date"
              value={toInput(v.start)}
              error={startError}
              // A new start enables the end and clears it (spec §4).
              onChange={(e) => setV({ ...v, start: fromInput(e.currentTarget.value), end: null })}
            />
            <TextInput
              type="datetime-local"
              label="End date"
              disabled={!v.start}
              value={toInput(v.end)}
              min={toInput(v.start)}
              error={endError}
              onChange={(e) => setV({ ...v, end: fromInput(e.currentTarget.value) })}
            />
            <Text size="xs" c="dimmed">
              {v.start ? `${v.start}${v.end ? ` – ${v.end}` : ''}` : 'YYYY-MM-DD HH:mm'}
            </Text>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={transit ? 'Start Location' : 'Location'}>
          <LocationSearch value={v.from} onChange={(from) => setV({ ...v, from })} />
        </Stepper.Step>
        {transit && (
          <Stepper.Step label="CheckOut">
            <LocationSearch label="CheckOut" value={v.to} onChange={(to) => setV({ ...v, to })} />
          </Stepper.Step>
        )}
      </Stepper>
      <Group justify="space-between" mt="md">
        <Button variant="default" disabled={step === 0} onClick={() => setStep(step - 1)}>
          Previous
        </Button>
        {step < last ? (
          <Button disabled={step === 0 ? !dateOk : !v.from} onClick={() => setStep(step + 1)}>
            Next
          </Button>
        ) : (
          <Button disabled={!doneOk} onClick={() => onDone(v)}>
            Done
          </Button>
        )}
      </Group>
    </Modal>
  );
}
