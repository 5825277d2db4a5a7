/**
 * Delivery of one of my messages: a clock while it waits in the outbox, ✓ once the
 * server stored it, ✓✓ once the billionett's device has it, ✓✓ in colour once read.
 */
import type { ChatMessageStatus } from '../../store/db';
import { IconClock } from '../../ui/icons';

const LABEL: Record<ChatMessageStatus, string> = {
  pending: 'Pending, not yet sent',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not sent',
};

function Checks({ double, color }: { double: boolean; color?: string }) {
  return (
    <svg width={double ? 18 : 12} height={12} viewBox={double ? '0 0 18 12' : '0 0 12 12'} fill="none" stroke={color ?? 'currentColor'} strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M1.5 6.5l3 3 6-7" />
      {double && <path d="M7.5 9.5l.5.5 6.5-8" />}
    </svg>
  );
}

export function Ticks({ status }: { status: ChatMessageStatus }) {
  const mark =
    status === 'pending' ? (
      <IconClock size={12} />
    ) : status === 'sent' ? (
      <Checks double={false} />
    ) : status === 'delivered' ? (
      <Checks double />
    ) : status === 'read' ? (
      <Checks double color="var(--mantine-color-cyan-5)" />
    ) : null;
  return (
    <span role="img" aria-label={LABEL[status]} title={LABEL[status]} data-status={status} style={{ display: 'inline-flex', alignItems: 'center' }}>
      {mark}
    </span>
  );
}
