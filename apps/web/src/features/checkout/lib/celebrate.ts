// Confetti on /payment-success (spec 2 §2), drawn by canvas-confetti on a canvas
// of its own. It is fetched only here, and skipped for readers who ask the system
// for less motion.
export async function celebrate(signal: AbortSignal): Promise<void> {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  // The reader may have left while the library loaded.
  if (signal.aborted) return;
  await confetti({
    particleCount: 160,
    spread: 80,
    origin: { y: 0.6 },
    disableForReducedMotion: true,
  });
}
