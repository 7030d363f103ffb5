// The page's paper: white, with a soft shadow; open and locked pages share it.
export const FIGURE_CLASS =
  'relative mx-auto shrink-0 bg-white shadow-[0_1px_3px_rgb(0_0_0/0.12),0_12px_40px_-12px_rgb(0_0_0/0.25)] transition-opacity duration-200';
