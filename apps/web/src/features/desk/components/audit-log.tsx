// The audit log (issue 26 part 1): who did what, when, with the before and after.
import type { AuditEntry } from '@folio/core/desk';
import { useAudit } from '../api.ts';

function shown(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function AuditLog() {
  const audit = useAudit();
  if (audit.isPending) return <p role="status">Loading the audit log...</p>;
  if (audit.error) return <p role="alert">{audit.error.message}</p>;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Audit log" tabIndex={0}>
      <table className="min-w-full border-collapse text-left text-sm">
        <caption className="sr-only">Desk actions, newest first</caption>
        <thead>
          <tr>
            {['When', 'Who', 'Action', 'On', 'Before', 'After', 'Reason'].map((h) => (
              <th key={h} scope="col" className="p-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {audit.data.entries.map((entry: AuditEntry) => (
            <tr key={entry.id} className="border-t border-ink/10 align-top">
              <td className="p-2 whitespace-nowrap">{when(entry.at)}</td>
              <td className="p-2">
                {entry.actor} <span className="text-ink-soft">({entry.role})</span>
              </td>
              <td className="p-2 font-mono">{entry.action}</td>
              <td className="p-2">{entry.subject}</td>
              <td className="p-2 font-mono break-all">{shown(entry.before)}</td>
              <td className="p-2 font-mono break-all">{shown(entry.after)}</td>
              <td className="p-2">{entry.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
