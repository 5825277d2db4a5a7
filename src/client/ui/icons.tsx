/**
 * The app's line icons, drawn inline: no icon package is installed, and a dozen
 * 24×24 strokes cost less than one. Each icon is decorative (aria-hidden); the
 * button or link around it carries the accessible name.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function make(paths: ReactNode) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const IconHome = make(<path d="M4 11l8-7 8 7M6 9.5V20h4v-6h4v6h4V9.5" />);
export const IconCircle = make(
  <>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M16.5 14.1c2.6.3 4.5 2.6 4.5 5.4" />
  </>,
);
export const IconSlate = make(
  <>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </>,
);
export const IconBarter = make(<path d="M4 8h13l-3-3M20 16H7l3 3" />);
export const IconTelex = make(<path d="M4 5h16v11H9l-5 4V5zM8 9h8M8 12h5" />);
export const IconCheckout = make(<path d="M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10" />);
export const IconVault = make(
  <>
    <rect x="4" y="10" width="16" height="10" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14v2" />
  </>,
);
export const IconBell = make(<path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0" />);
export const IconCrown = make(<path d="M4 8l4 4 4-7 4 7 4-4-2 11H6L4 8z" />);
export const IconSearch = make(
  <>
    <circle cx="11" cy="11" r="6" />
    <path d="M20 20l-4.5-4.5" />
  </>,
);
export const IconEdit = make(<path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />);
export const IconChevronRight = make(<path d="M9 6l6 6-6 6" />);
export const IconSidebar = make(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </>,
);
export const IconMale = make(
  <>
    <circle cx="10" cy="14" r="5" />
    <path d="M19 5l-5.5 5.5M15 5h4v4" />
  </>,
);
export const IconFemale = make(
  <>
    <circle cx="12" cy="9" r="5" />
    <path d="M12 14v7M9 18h6" />
  </>,
);
export const IconGenderOther = make(
  <>
    <circle cx="12" cy="12" r="4.5" />
    <path d="M12 3v4.5M12 16.5V21M9.5 19h5" />
  </>,
);
export const IconCloud = make(<path d="M7 18a4 4 0 0 1-.5-8A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z" />);
export const IconCloudOff = make(
  <path d="M7 18a4 4 0 0 1-.5-8c.2-.8.5-1.5 1-2.1M10.5 4.3A6 6 0 0 1 18 9a4.5 4.5 0 0 1 2.3 8.2M3 3l18 18" />,
);
export const IconAlert = make(<path d="M12 4l9 16H3L12 4zM12 10v4M12 17.5v.01" />);
export const IconClock = make(
  <>
    <circle cx="12" cy="12" r="8" />
    <path d="M12 8v4l3 2" />
  </>,
);
export const IconNews = make(
  <>
    <rect x="3" y="5" width="14" height="15" rx="1.5" />
    <path d="M17 9h4v9a2 2 0 0 1-4 0M7 9h6M7 13h6M7 16h4" />
  </>,
);
export const IconFeed = make(<path d="M4 6h16M4 12h16M4 18h10" />);
export const IconMapPin = make(
  <>
    <path d="M12 21s-6-5.6-6-11a6 6 0 0 1 12 0c0 5.4-6 11-6 11z" />
    <circle cx="12" cy="10" r="2.2" />
  </>,
);
export const IconBriefcase = make(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5h6v2M3 13h18" />
  </>,
);
export const IconTrash = make(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const IconX = make(<path d="M6 6l12 12M18 6L6 18" />);
export const IconCamera = make(
  <>
    <path d="M4 8h3l2-3h6l2 3h3v11H4V8z" />
    <circle cx="12" cy="13" r="3.5" />
  </>,
);
// Entries: privacy levels (Everyone, Billionetts, Only me) and comment reactions.
export const IconGlobe = make(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.5 2.6 2.5 14.4 0 17M12 3.5c-2.5 2.6-2.5 14.4 0 17" />
  </>,
);
export const IconUsers = make(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.8a3.3 3.3 0 0 1 0 6.4M18 14.8c2 .7 3.2 2.4 3.5 5.2" />
  </>,
);
export const IconLock = make(
  <>
    <rect x="5" y="10.5" width="14" height="9.5" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </>,
);
export const IconThumbUp = make(<path d="M7 11v9H4v-9h3zm0 0l4-7c1.6 0 2.5 1.2 2.2 2.7L12.6 10H19a2 2 0 0 1 2 2.3l-1.2 6A2 2 0 0 1 17.8 20H7" />);
export const IconThumbDown = make(<path d="M7 13V4H4v9h3zm0 0l4 7c1.6 0 2.5-1.2 2.2-2.7L12.6 14H19a2 2 0 0 0 2-2.3l-1.2-6A2 2 0 0 0 17.8 4H7" />);
// Calls (telex/call): phone, camera, microphone, and the in-call controls.
export const IconPhone = make(
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
);
export const IconPhoneOff = make(
  <>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    <path d="M3 3l18 18" />
  </>,
);
export const IconVideo = make(<path d="M15 10l5-3v10l-5-3zM3 7h12v10H3z" />);
export const IconVideoOff = make(<path d="M15 10l5-3v10l-5-3zM3 7h12v10H3zM3 3l18 18" />);
export const IconMic = make(<path d="M9 5a3 3 0 0 1 6 0v6a3 3 0 0 1-6 0zM5 11a7 7 0 0 0 14 0M12 18v3" />);
export const IconMicOff = make(<path d="M9 5a3 3 0 0 1 6 0v6a3 3 0 0 1-6 0zM5 11a7 7 0 0 0 14 0M12 18v3M3 3l18 18" />);
export const IconCameraSwitch = make(<path d="M4 8h3l2-3h6l2 3h3v11H4zM9 13a3 3 0 0 1 5-2l1 1M15 14a3 3 0 0 1-5 2l-1-1" />);
export const IconPictureInPicture = make(<path d="M3 5h18v14H3zM12 12h7v5h-7z" />);
