// The first frame: the document at / arrives with the landing page's preview drawn
// in it (server: http/web-app.ts; look: styles.css `.first-frame`), so a reader sees
// the page before the scripts have run. The reader removes it once its own image of
// the page has loaded in the same place, or once it knows it will draw something
// else there (another place, no edition, an error), or when it leaves.

const FIRST_FRAME_ID = 'first-frame';

export function dismissFirstFrame(): void {
  document.getElementById(FIRST_FRAME_ID)?.remove();
}
