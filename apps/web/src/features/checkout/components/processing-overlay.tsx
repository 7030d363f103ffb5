// A full-screen "please wait" while a checkout starts and the page is handed to
// the payment provider; it also keeps a second tap from landing on anything.
export function ProcessingOverlay({ children }: { children: string }) {
  return (
    <div
      role="status"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/90 backdrop-blur-sm"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-ink/15 border-t-brand motion-reduce:animate-none"
      />
      <p className="text-base font-semibold text-ink">{children}</p>
    </div>
  );
}
