// Printing, the print shortcut and the right-click menu are disabled across the
// whole product (spec 1 §1); the print stylesheet in styles.css covers the
// browser's own menu command, which no script can intercept.
import { useEffect } from 'react';

export function isPrintShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'p';
}

export function useBlockPrinting(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isPrintShortcut(event)) event.preventDefault();
    };
    const onContextMenu = (event: MouseEvent) => event.preventDefault();
    // Capture phase, so no component can handle these before the block applies.
    window.addEventListener('keydown', onKeyDown, { capture: true });
    window.addEventListener('contextmenu', onContextMenu, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      window.removeEventListener('contextmenu', onContextMenu, { capture: true });
    };
  }, []);
}
