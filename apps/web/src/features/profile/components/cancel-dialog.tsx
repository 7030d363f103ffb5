// The cancel auto-renewal dialog (spec 2 §2, §4 "Cancel auto-renewal", §5): a
// reason (with the reader's own words for Others), then the server turns renewal
// off. The subscription is read again 5 s later, by when the provider's mandate
// has been revoked too, and the confirmation shows the day access ends.
import {
  CANCEL_REASONS,
  MAX_CANCEL_MESSAGE_LENGTH,
  OTHER_CANCEL_REASON,
  SUBSCRIPTION_MESSAGES,
  formatDisplayDate,
  type UserSubscription,
} from '@folio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useAppConfig } from '../../../shared/api/app-config.ts';
import { SUBSCRIPTION_KEY } from '../../../shared/api/subscription.ts';
import { isApiError } from '../../../shared/lib/http.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { notify } from '../../../shared/ui/toaster.tsx';
import { useCancelRenewal } from '../api.ts';

/** Spec 2 §9: the wait before the subscription is fetched again. */
const CANCEL_REFETCH_WAIT_MS = 5000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface CancelDialogProps {
  subscription: UserSubscription;
  onClose: () => void;
}

export function CancelDialog({ subscription, onClose }: CancelDialogProps) {
  const [endDate, setEndDate] = useState<string>();
  if (endDate) {
    return (
      <Dialog title="Auto-Renewal Canceled" onClose={onClose}>
        <p className="text-sm text-ink">
          Your subscription will not renew. You can keep reading until{' '}
          <strong className="font-semibold">{formatDisplayDate(endDate)}</strong>.
        </p>
        <Button className="mt-6 w-full" onClick={onClose}>
          OK
        </Button>
      </Dialog>
    );
  }
  return <CancelForm subscription={subscription} onClose={onClose} onCancelled={setEndDate} />;
}

interface CancelFormProps extends CancelDialogProps {
  onCancelled: (endDate: string) => void;
}

function CancelForm({ subscription, onClose, onCancelled }: CancelFormProps) {
  const client = useQueryClient();
  const { publisher } = useAppConfig();
  const { mutateAsync } = useCancelRenewal();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const reasonId = useId();
  const messageId = useId();
  const errorId = useId();
  const others = reason === OTHER_CANCEL_REASON;
  // Typing or choosing again clears the error until the next try.
  const edited =
    (set: (value: string) => void) =>
    (event: ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) => {
      set(event.target.value);
      setError(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(SUBSCRIPTION_MESSAGES.reasonRequired);
    if (others && message.trim() === '') return setError(SUBSCRIPTION_MESSAGES.otherReasonRequired);
    setError(null);
    setWorking(true);
    try {
      const answer = await mutateAsync({
        publisher,
        subscriptionId: subscription.id,
        reason,
        message: others ? message.trim() : undefined,
      });
      notify.success(SUBSCRIPTION_MESSAGES.cancelled);
      await wait(CANCEL_REFETCH_WAIT_MS);
      await client.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
      onCancelled(answer.end_date);
    } catch (failure) {
      setWorking(false);
      const refused = isApiError(failure) && failure.status >= 400 && failure.status < 500;
      notify.error(refused ? failure.message : SUBSCRIPTION_MESSAGES.somethingWrong);
      // Already cancelled elsewhere: what this tab shows is out of date.
      if (isApiError(failure, 409)) {
        void client.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
        onClose();
      }
    }
  };

  return (
    <Dialog title="Cancel Auto-Renewal" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <Field id={reasonId} label="Reason for cancelling">
          <select
            id={reasonId}
            value={reason}
            onChange={edited(setReason)}
            aria-invalid={error !== null && !reason ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1.5 min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 text-sm"
          >
            <option value="">Select a reason</option>
            {CANCEL_REASONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Field>
        {others && (
          <Field id={messageId} label="Tell us more">
            <textarea
              id={messageId}
              value={message}
              maxLength={MAX_CANCEL_MESSAGE_LENGTH}
              rows={3}
              onChange={edited(setMessage)}
              aria-describedby={error ? errorId : undefined}
              className="mt-1.5 w-full rounded-lg border border-ink/20 px-3 py-2 text-sm"
            />
          </Field>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            No, Keep Active
          </Button>
          <Button type="submit" disabled={working} aria-busy={working}>
            Yes, Stop Renewal
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
    </div>
  );
}
