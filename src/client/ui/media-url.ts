/**
 * Picture URLs. Avatar sizes map to the spec's image variants (lg → primary,
 * md → secondary, xs → tertiary); media files live under /media/{variant}/ with
 * random names (DESIGN.md), the default avatars under /avatars/.
 */
export type AvatarSize = 'lg' | 'md' | 'xs';

const VARIANT: Record<AvatarSize, string> = { lg: 'primary', md: 'secondary', xs: 'tertiary' };

export const mediaUrl = (imageName: string, size: AvatarSize): string =>
  `/media/${VARIANT[size]}/${encodeURIComponent(imageName)}`;

/** The default avatar by gender, lower case (spec §1); unknown genders fall back to 'other'. */
export function defaultAvatarUrl(gender: string | undefined, size: AvatarSize): string {
  const g = (gender ?? '').toLowerCase();
  const known = g === 'male' || g === 'female' ? g : 'other';
  return `/avatars/${known}-${size}.svg`;
}

/** The plan frame picture, by plan name lower case (spec §1). */
export const frameUrl = (planName: string): string => `/frames/${encodeURIComponent(planName.toLowerCase())}.svg`;
