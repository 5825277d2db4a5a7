/**
 * Picture URLs. Avatar sizes map to the spec's image variants (lg → primary,
 * md → secondary, xs → tertiary); the template is the contract's mediaPath
 * (/media/{variant}/{imageName}, random immutable names), default avatars under /avatars/.
 */
import { mediaPath } from '../../contract/media-files';

export type AvatarSize = 'lg' | 'md' | 'xs';

const VARIANT = { lg: 'primary', md: 'secondary', xs: 'tertiary' } as const satisfies Record<AvatarSize, string>;

export const mediaUrl = (imageName: string, size: AvatarSize): string => mediaPath(VARIANT[size], imageName);

/** The default avatar by gender, lower case (spec §1); unknown genders fall back to 'other'. */
export function defaultAvatarUrl(gender: string | undefined, size: AvatarSize): string {
  const g = (gender ?? '').toLowerCase();
  const known = g === 'male' || g === 'female' ? g : 'other';
  return `/avatars/${known}-${size}.svg`;
}

/** The plan frame picture, by plan name lower case (spec §1). */
export const frameUrl = (planName: string): string => `/frames/${encodeURIComponent(planName.toLowerCase())}.svg`;
