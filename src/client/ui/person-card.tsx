/**
 * A member as a card (spec §3 "Connection card"): the framed picture, display name,
 * plan and profession; a corner badge (pending, notified…) and a footer for the list's
 * actions. Shared by every list of members (billionetts, circle members, slate
 * followers, search), so they all look alike.
 */
import { Badge, Box, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MemberAvatar } from './framed-avatar';
import { HrefLink } from './href-link';
import classes from './person-card.module.css';

export type CardPerson = {
  userCode: string;
  displayName: string;
  planName: string;
  professionName: string;
  profileDp?: string | null;
  gender?: string;
};

export type PersonCardProps = {
  person: CardPerson;
  /** Where the name and picture lead (the member's suite); none for a placeholder. */
  href?: string;
  /** A small corner badge (a count). */
  badge?: ReactNode;
  /** A line under the member's details (e.g. 'pending'); in the flow, so it never covers the picture. */
  status?: ReactNode;
  footer?: ReactNode;
  /** A call on the card is running (accepting, removing…): dimmed, and said so. */
  busy?: boolean;
};

export function PersonCard({ person, href, badge, status, footer, busy }: PersonCardProps) {
  const picture = <MemberAvatar member={person} size="md" />;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      component="article"
      aria-label={person.displayName}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
    >
      {badge && <Box className={classes.badge}>{badge}</Box>}
      <Stack gap={6} align="center" ta="center" className={classes.body}>
        {href ? (
          <HrefLink href={href} className={classes.pictureLink} tabIndex={-1} aria-hidden="true">
            {picture}
          </HrefLink>
        ) : (
          picture
        )}
        <Text fw={600} size="sm" lineClamp={1} className={classes.name} dir="auto">
          {href ? <HrefLink href={href}>{person.displayName}</HrefLink> : person.displayName}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1} mih={18}>
          {person.professionName}
        </Text>
        {person.planName && (
          <Badge size="xs" variant="light" className={classes.plan} data-plan={person.planName.toLowerCase()}>
            {person.planName}
          </Badge>
        )}
        {status}
      </Stack>
      {footer && <Box mt="sm">{footer}</Box>}
    </Paper>
  );
}
