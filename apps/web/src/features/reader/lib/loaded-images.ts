// Page images this tab has loaded (drawn, or preloaded as the next page), so a
// page drawn again goes straight to its sharp image instead of its preview.
const loaded = new Set<string>();
/** More than a reader turns through in one sitting; the oldest are forgotten first. */
const MAX_REMEMBERED = 500;

export function rememberLoaded(src: string): void {
  loaded.delete(src);
  loaded.add(src);
  if (loaded.size > MAX_REMEMBERED) {
    const oldest = loaded.values().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

export function hasBeenLoaded(src: string): boolean {
  return loaded.has(src);
}
