// An otpauth:// address as a QR code for the authenticator app, drawn as SVG from
// uqr's module matrix (no HTML string is injected).
import { encode } from 'uqr';

export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) cells.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 bg-white"
      shapeRendering="crispEdges"
    >
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
