// Staff accounts (issue 26 part 1, admins only): add by e-mail with a role, change
// a role, retire an account (it stays a reader's; its sessions end at once).
import { useId, useState, type FormEvent } from 'react';
import { DESK_ROLES, type DeskRole } from '@folio/core/desk';
import { Button } from '../../../shared/ui/button.tsx';
import { useAddStaff, useChangeRole, useRetireStaff, useStaff } from '../api.ts';

const inputClasses =
  'min-h-11 rounded-lg border border-ink/20 bg-white px-3 text-base text-ink outline-none focus:border-brand focus:ring-2 focus:ring-brand/20';

const roleOptions = DESK_ROLES.map((r) => (
  <option key={r} value={r}>
    {r}
  </option>
));

export function Staff({ selfId }: { selfId: string }) {
  const staff = useStaff();
  const add = useAddStaff();
  const change = useChangeRole();
  const retire = useRetireStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<DeskRole>('editor');
  const ids = useId();
  const failure = add.error ?? change.error ?? retire.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Add staff">
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${ids}-email`}>
          E-mail
          <input
            id={`${ids}-email`}
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={inputClasses}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${ids}-role`}>
          Role
          <select
            id={`${ids}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as DeskRole)}
            className={inputClasses}
          >
            {roleOptions}
          </select>
        </label>
        <Button type="submit" disabled={add.isPending || !email}>
          Add staff
        </Button>
      </form>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure.message}
        </p>
      )}
      <table className="min-w-full border-collapse text-left text-sm">
        <caption className="sr-only">Staff accounts</caption>
        <thead>
          <tr>
            <th scope="col" className="p-2">
              E-mail
            </th>
            <th scope="col" className="p-2">
              Role
            </th>
            <th scope="col" className="p-2">
              Authenticator
            </th>
            <th scope="col" className="p-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.data?.staff.map((member) => (
            <tr key={member.id} className="border-t border-ink/10">
              <td className="p-2">{member.email}</td>
              <td className="p-2">
                {member.id === selfId ? (
                  member.role
                ) : (
                  <select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    onChange={(e) =>
                      change.mutate({ id: member.id, role: e.target.value as DeskRole })
                    }
                    className={inputClasses}
                  >
                    {roleOptions}
                  </select>
                )}
              </td>
              <td className="p-2">{member.secondFactor ? 'Set up' : 'Not yet'}</td>
              <td className="p-2">
                {member.id !== selfId && (
                  <Button
                    variant="secondary"
                    onClick={() => retire.mutate(member.id)}
                    aria-label={`Retire ${member.email}`}
                  >
                    Retire
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
