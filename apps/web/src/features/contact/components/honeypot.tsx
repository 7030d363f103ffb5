// A field only bots fill: kept off screen, out of the tab order, away from screen
// readers and from autofill, so a person never puts anything in it. The server
// answers a filled one as sent and keeps nothing (spam gets no signal to adapt to).
import { MAX_HONEYPOT_LENGTH } from '@folio/core';

interface HoneypotProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

export function Honeypot({ id, value, onChange }: HoneypotProps) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        maxLength={MAX_HONEYPOT_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
