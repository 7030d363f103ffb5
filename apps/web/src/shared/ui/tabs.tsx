// A row of ARIA tabs (WAI-ARIA tabs pattern): one is selected, arrow keys move
// between them, and each controls a panel the caller renders with `tabPanelProps`.
import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Unique per tab row (useId), so the tab and panel ids do not collide. */
  idPrefix: string;
  label: string;
  variant?: 'pill' | 'underline';
}

const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
const panelId = (idPrefix: string, id: string) => `${idPrefix}-panel-${id}`;

/** Props for the panel of tab `id`. */
export function tabPanelProps(idPrefix: string, id: string) {
  return {
    id: panelId(idPrefix, id),
    role: 'tabpanel',
    'aria-labelledby': tabId(idPrefix, id),
  } as const;
}

const LOOK = {
  pill: {
    list: 'grid auto-cols-fr grid-flow-col rounded-full bg-paper p-1',
    tab: 'min-h-10 rounded-full px-4 text-sm font-semibold transition-colors',
    on: 'bg-white text-brand shadow-sm',
    off: 'text-ink-soft hover:text-ink',
  },
  underline: {
    list: 'flex gap-6 border-b border-ink/10',
    tab: '-mb-px min-h-11 border-b-2 text-sm font-semibold transition-colors',
    on: 'border-brand text-brand',
    off: 'border-transparent text-ink-soft hover:text-ink',
  },
} as const;

export function Tabs<T extends string>({
  items,
  value,
  onChange,
  idPrefix,
  label,
  variant = 'pill',
}: TabsProps<T>) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const look = LOOK[variant];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const index = items.findIndex((item) => item.id === value);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = (index + step + items.length) % items.length;
    const target = items[next];
    if (!target) return;
    onChange(target.id);
    tabs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={look.list}>
      {items.map((item, index) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            id={tabId(idPrefix, item.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(idPrefix, item.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.id)}
            className={`${look.tab} ${selected ? look.on : look.off}`}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
