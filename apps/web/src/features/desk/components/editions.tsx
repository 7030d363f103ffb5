// Editions and their groups without SQL (issue 26 part 11): add, rename, move up
// or down, retire or restore; choose the free edition and the missing pages the
// release gate allows (part 8). Readers' edition list and locks follow at once; the
// edition readers open first and the free one cannot be retired (the server says so).
import { useId, useState, type FormEvent } from 'react';
import type { BrandCode } from '@folio/core';
import {
  MAX_EDITION_NAME,
  MAX_MISSING_PAGE_TOLERANCE,
  type BrandChoicesChange,
  type CatalogueChange,
  type DeskCatalogue,
} from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import { useCatalogue, useCatalogueChange } from '../api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

function NameForm({ label, onSave }: { label: string; onSave: (name: string) => void }) {
  const [name, setName] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSave(name.trim());
    setName('');
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label htmlFor={id} className="flex flex-col gap-1 text-sm font-semibold">
        {label}
        <input
          id={id}
          value={name}
          maxLength={MAX_EDITION_NAME}
          onChange={(e) => setName(e.target.value)}
          className={inputClasses}
        />
      </label>
      <Button type="submit" variant="secondary" disabled={!name.trim()}>
        Add
      </Button>
    </form>
  );
}

interface RowProps {
  name: string;
  retired: boolean;
  what: string;
  onChange: (change: CatalogueChange) => void;
  /** Editions: pages each day (null: not said); groups have none. */
  pages?: number | null;
}

function PageCount({
  name,
  pages,
  onChange,
}: {
  name: string;
  pages: number | null;
  onChange: (change: CatalogueChange) => void;
}) {
  const [value, setValue] = useState(pages === null ? '' : String(pages));
  const id = useId();
  const save = () => {
    const next = value.trim() === '' ? null : Number(value);
    if (next === pages || (next !== null && !(Number.isInteger(next) && next >= 1 && next <= 200)))
      return;
    onChange({ pages: next });
  };
  return (
    <span className="flex items-center gap-1">
      <label htmlFor={id} className="text-sm">
        Pages
      </label>
      <input
        id={id}
        aria-label={`Pages of ${name}`}
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value.replace(/\D/g, '').slice(0, 3))}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
        }}
        className="min-h-11 w-16 rounded-lg border border-ink/20 px-2"
      />
    </span>
  );
}

function CatalogueRow({ name, retired, what, onChange, pages }: RowProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = editing?.trim();
    if (next && next !== name) onChange({ name: next });
    setEditing(null);
  };
  if (editing !== null)
    return (
      <form onSubmit={save} className="flex flex-wrap items-end gap-2 py-1">
        <label htmlFor={id} className="sr-only">
          {`New name for ${what} ${name}`}
        </label>
        <input
          id={id}
          autoFocus
          value={editing}
          maxLength={MAX_EDITION_NAME}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setEditing(null);
          }}
          className={inputClasses}
        />
        <Button type="submit">Save</Button>
        <Button variant="secondary" onClick={() => setEditing(null)}>
          Cancel
        </Button>
      </form>
    );
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-1">
      <span className={retired ? 'text-ink-soft line-through' : ''}>
        {name}
        {retired && <span className="sr-only"> (retired)</span>}
      </span>
      <span className="flex flex-wrap items-center gap-1">
        {pages !== undefined && <PageCount name={name} pages={pages} onChange={onChange} />}
        <Button
          variant="secondary"
          onClick={() => setEditing(name)}
          aria-label={`Rename ${what} ${name}`}
        >
          Rename
        </Button>
        <Button
          variant="secondary"
          onClick={() => onChange({ move: 'up' })}
          aria-label={`Move ${what} ${name} up`}
        >
          Up
        </Button>
        <Button
          variant="secondary"
          onClick={() => onChange({ move: 'down' })}
          aria-label={`Move ${what} ${name} down`}
        >
          Down
        </Button>
        <Button
          variant="secondary"
          onClick={() => onChange({ retired: !retired })}
          aria-label={`${retired ? 'Restore' : 'Retire'} ${what} ${name}`}
        >
          {retired ? 'Restore' : 'Retire'}
        </Button>
      </span>
    </div>
  );
}

/** The brand's free edition and the gate's tolerance, each saved as soon as it is chosen. */
function BrandChoices({
  catalogue,
  onChange,
}: {
  catalogue: DeskCatalogue;
  onChange: (change: BrandChoicesChange) => void;
}) {
  const freeId = useId();
  const toleranceId = useId();
  const open = catalogue.groups
    .filter((g) => !g.retired)
    .flatMap((g) => g.editions.filter((e) => !e.retired).map((e) => ({ ...e, group: g.name })));
  return (
    <section
      aria-label="Free edition and release gate"
      className="flex flex-wrap items-end gap-4 rounded-xl border border-ink/10 p-3"
    >
      <label htmlFor={freeId} className="flex flex-col gap-1 text-sm font-semibold">
        Free edition (its front page is open to every reader today)
        <select
          id={freeId}
          value={catalogue.freeEdition}
          onChange={(e) => onChange({ freeEdition: Number(e.target.value) })}
          className={inputClasses}
        >
          {open.map((e) => (
            <option key={e.number} value={e.number}>
              {e.group}: {e.name}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={toleranceId} className="flex flex-col gap-1 text-sm font-semibold">
        Missing pages the release gate allows
        <select
          id={toleranceId}
          value={catalogue.missingPageTolerance}
          onChange={(e) => onChange({ missingPageTolerance: Number(e.target.value) })}
          className={inputClasses}
        >
          {Array.from({ length: MAX_MISSING_PAGE_TOLERANCE + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

export function Editions({ brand }: { brand: BrandCode }) {
  const catalogue = useCatalogue(brand);
  const change = useCatalogueChange(brand);
  if (catalogue.isPending) return <p role="status">Loading editions...</p>;
  if (catalogue.error) return <p role="alert">{catalogue.error.message}</p>;
  return (
    <div className="flex flex-col gap-6">
      {change.error && (
        <p role="alert" className="text-sm text-red-700">
          {change.error.message}
        </p>
      )}
      <BrandChoices
        catalogue={catalogue.data}
        onChange={(c) => change.mutate({ kind: 'brand', change: c })}
      />
      {catalogue.data.groups.map((group) => (
        <section
          key={group.id}
          aria-label={`Group ${group.name}`}
          className="rounded-xl border border-ink/10 p-3"
        >
          <CatalogueRow
            name={group.name}
            retired={group.retired}
            what="group"
            onChange={(c) => change.mutate({ kind: 'group', id: group.id, change: c })}
          />
          <ul className="ml-4 border-l border-ink/10 pl-4">
            {group.editions.map((edition) => (
              <li key={edition.number}>
                <CatalogueRow
                  name={edition.name}
                  retired={edition.retired}
                  pages={edition.pages}
                  what="edition"
                  onChange={(c) =>
                    change.mutate({ kind: 'edition', number: edition.number, change: c })
                  }
                />
              </li>
            ))}
          </ul>
          <div className="mt-2 ml-4">
            <NameForm
              label={`New edition in ${group.name}`}
              onSave={(name) => change.mutate({ kind: 'add-edition', groupId: group.id, name })}
            />
          </div>
        </section>
      ))}
      <NameForm label="New group" onSave={(name) => change.mutate({ kind: 'add-group', name })} />
    </div>
  );
}
