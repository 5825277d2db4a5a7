/**
 * A member's picture inside the frame of their plan (spec §1): the cropped picture
 * when there is one, else the default avatar by gender.
 */
import { Avatar } from '@mantine/core';
import { useState } from 'react';
import { defaultAvatarUrl, frameUrl, mediaUrl, type AvatarSize } from './media-url';
import classes from './framed-avatar.module.css';

const PIXELS: Record<AvatarSize, number> = { lg: 132, md: 44, xs: 30 };

export type FramedAvatarProps = {
  name: string;
  gender: string | undefined;
  planName: string | undefined;
  profileDp?: string | null;
  size: AvatarSize;
};

/** A member's picture, named for a screen reader: whose it is and what it is. */
export const pictureAlt = (name: string) => `${name}'s profile picture`;

export function FramedAvatar({ name, gender, planName, profileDp, size }: FramedAvatarProps) {
  const plan = (planName ?? '').toLowerCase();
  // The frame picture is optional: when it is missing (or not an image) the CSS ring shows alone.
  const [frame, setFrame] = useState<'loading' | 'shown' | 'missing'>('loading');
  const [pictureBroken, setPictureBroken] = useState(false);
  const src = profileDp && !pictureBroken ? mediaUrl(profileDp, size) : defaultAvatarUrl(gender, size);
  return (
    <span
      className={classes.frame}
      data-plan={plan || undefined}
      data-size={size}
      data-framed={frame === 'shown' || undefined}
    >
      <Avatar
        // Remount when the source changes: Avatar remembers a failed load per instance.
        key={src}
        src={src}
        name={name}
        color="initials"
        alt={pictureAlt(name)}
        size={PIXELS[size]}
        radius="xl"
        className={classes.picture}
        imageProps={{ onError: () => setPictureBroken(true) }}
      />
      {plan && frame !== 'missing' && (
        <img
          className={classes.overlay}
          src={frameUrl(plan)}
          alt=""
          onLoad={() => setFrame('shown')}
          onError={() => setFrame('missing')}
        />
      )}
    </span>
  );
}

/** The fields of any member row (profile, card, entry or comment author, telex peer) a picture needs. */
export type AvatarMember = { displayName: string; gender?: string; planName?: string; profileDp?: string | null };

/** A member's framed picture from their row: the one place its fields are mapped. */
export function MemberAvatar({ member, size }: { member: AvatarMember; size: AvatarSize }) {
  return <FramedAvatar name={member.displayName} gender={member.gender} planName={member.planName} profileDp={member.profileDp} size={size} />;
}
