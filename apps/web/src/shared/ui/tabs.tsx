// A row of tabs in the house look over Radix Tabs (docs/decisions/0006), which
// supplies the ARIA tabs pattern: roles, ids, arrow keys and the panel wiring.
// Screens compose <Tabs> (the Radix root), <TabList> and <TabPanel>.
import { Content, List, Root, Trigger } from '@radix-ui/react-tabs';

export { Root as Tabs, Content as TabPanel };

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabListProps<T extends string> {
  items: readonly TabItem<T>[];
  label: string;
  variant?: 'pill' | 'underline';
}

// A pill's label keeps to one line on a 360 px phone ("Terms & Conditions" in half
// the row): the side padding is narrower there.
const LOOK = {
  pill: {
    list: 'grid auto-cols-fr grid-flow-col rounded-full bg-paper p-1',
    tab: 'min-h-10 rounded-full px-2 min-[400px]:px-4 text-sm font-semibold transition-colors data-[state=active]:bg-white data-[state=active]:text-brand data-[state=active]:shadow-sm data-[state=inactive]:text-ink-soft data-[state=inactive]:hover:text-ink',
  },
  underline: {
    list: 'flex flex-wrap gap-x-6 border-b border-ink/10',
    tab: '-mb-px min-h-11 whitespace-nowrap border-b-2 text-sm font-semibold transition-colors data-[state=active]:border-brand data-[state=active]:text-brand data-[state=inactive]:border-transparent data-[state=inactive]:text-ink-soft data-[state=inactive]:hover:text-ink',
  },
} as const;

export function TabList<T extends string>({ items, label, variant = 'pill' }: TabListProps<T>) {
  const look = LOOK[variant];
  return (
    <List aria-label={label} className={look.list}>
      {items.map((item) => (
        <Trigger key={item.id} value={item.id} className={look.tab}>
          {item.label}
        </Trigger>
      ))}
    </List>
  );
}

/** The item a Radix value names, so screens keep their own narrow tab type. */
export function tabById<T extends string>(items: readonly TabItem<T>[], id: string): T | undefined {
  return items.find((item) => item.id === id)?.id;
}
