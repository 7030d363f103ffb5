// Line icons drawn on a 24-unit grid. They are decorative: the button or link that
// holds one always carries the accessible name.
import { createElement, type ReactElement, type ReactNode, type SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/** The shared frame of every line icon; screens with icons of their own draw on it too. */
export function Icon({ children, ...props }: IconProps & { children?: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon of these shapes on the shared frame. */
export function lineIcon(...shapes: ReactElement[]) {
  return function LineIcon(props: IconProps) {
    return createElement(Icon, props, ...shapes);
  };
}

export const ChevronLeftIcon = lineIcon(<path d="M15 5l-7 7 7 7" />);

export const ChevronRightIcon = lineIcon(<path d="M9 5l7 7-7 7" />);

export const ChevronDownIcon = lineIcon(<path d="M6 9l6 6 6-6" />);

export const CalendarIcon = lineIcon(
  <rect x="3.5" y="5" width="17" height="15" rx="2" />,
  <path d="M3.5 10h17M8 3v4M16 3v4" />,
);

export const PagesIcon = lineIcon(
  <rect x="3" y="4" width="7" height="10" rx="1" />,
  <rect x="14" y="4" width="7" height="10" rx="1" />,
  <path d="M4 18h16M4 21h10" />,
);

export const FitWidthIcon = lineIcon(
  <path d="M3 12h18M6.5 8.5L3 12l3.5 3.5M17.5 8.5L21 12l-3.5 3.5" />,
);

export const FitHeightIcon = lineIcon(
  <path d="M12 3v18M8.5 6.5L12 3l3.5 3.5M8.5 17.5L12 21l3.5-3.5" />,
);

export const CloseIcon = lineIcon(<path d="M6 6l12 12M18 6L6 18" />);

export const NewspaperIcon = lineIcon(
  <rect x="3" y="4" width="15" height="16" rx="1.5" />,
  <path d="M18 8h3v10.5a1.5 1.5 0 0 1-3 0M6.5 8h8M6.5 12h8M6.5 16h5" />,
);

export const UserIcon = lineIcon(
  <circle cx="12" cy="8" r="4" />,
  <path d="M4 21a8 8 0 0 1 16 0" />,
);

export const LoginIcon = lineIcon(
  <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l4-4-4-4M14 12H3" />,
);

export const PencilIcon = lineIcon(<path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />);

/** Filled when the article is bookmarked. */
export function BookmarkIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Icon {...props} fill={filled ? 'currentColor' : 'none'}>
      <path d="M6 4h12v17l-6-4.5L6 21z" />
    </Icon>
  );
}

export const TrashIcon = lineIcon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);

export const ShareIcon = lineIcon(
  <circle cx="18" cy="5" r="2.5" />,
  <circle cx="6" cy="12" r="2.5" />,
  <circle cx="18" cy="19" r="2.5" />,
  <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />,
);

export const LockIcon = lineIcon(
  <rect x="5" y="11" width="14" height="10" rx="2" />,
  <path d="M8 11V7a4 4 0 0 1 8 0v4" />,
);

export const InfoIcon = lineIcon(<circle cx="12" cy="12" r="9" />, <path d="M12 11v5M12 7.5v.5" />);

export const CheckIcon = lineIcon(<path d="M5 12.5l4.5 4.5L19 7.5" />);

export const MenuIcon = lineIcon(<path d="M4 7h16M4 12h16M4 17h16" />);
