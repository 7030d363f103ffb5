// Confetti on /payment-success (spec 2 §2), drawn by canvas-confetti on a canvas
// of its own. It is fetched only here, and skipped for readers who ask the system
// for less motion.
export async function celebrate(signal: AbortSignal): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  // The reader may have left while the library loaded.
  if (signal.aborted) return;
  // Drawn on the page's own thread: the library's default fire draws in a worker
  // made from a blob: URL, which the Content Security Policy (worker-src falls back
  // to default-src 'self') refuses; one burst of 160 pieces needs no worker.
  const fire = confetti.create(undefined, {
    useWorker: false,
    resize: true,
    disableForReducedMotion: true,
  });
  await fire({
    particleCount: 160,
    spread: 80,
    origin: { y: 0.6 },
  });
}
