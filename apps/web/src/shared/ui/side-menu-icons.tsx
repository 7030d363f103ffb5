// The side menu's own line icons, on the shared frame of icons.tsx. Apart from
// there, so they travel in the menu's chunk, not in the reader's first load. The
// bookmark is icons.tsx's: the article reader's header has it already.
import { lineIcon } from './icons.tsx';

export const HomeIcon = lineIcon(<path d="M4 11l8-7 8 7M6 9.5V20h4.5v-5h3v5H18V9.5" />);

export const SearchIcon = lineIcon(<circle cx="11" cy="11" r="6.5" />, <path d="M16 16l4.5 4.5" />);

export const HelpIcon = lineIcon(
  <circle cx="12" cy="12" r="9" />,
  <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17v.5" />,
);

export const MailIcon = lineIcon(
  <rect x="3" y="5" width="18" height="14" rx="2" />,
  <path d="M3.5 6.5L12 13l8.5-6.5" />,
);

export const ChatIcon = lineIcon(
  <path d="M4 19.5l1.3-3.9A8 8 0 1 1 8.4 19z" />,
  <path d="M9 10.5c.3 1.8 2.2 3.7 4 4l1.2-1.2 2 .9" />,
);
