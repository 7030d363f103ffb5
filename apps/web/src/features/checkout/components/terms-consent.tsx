// The terms and privacy checkbox of /review (spec 2 §2, §5): ticked by default,
// links to the two legal tabs in a new tab, and the spec's message when unticked.
import { useId } from 'react';

const LEGAL_PATH = '/legal-and-privacy-policy';

interface TermsConsentProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
}

function LegalLink({ tab, children }: { tab: 'terms' | 'privacy'; children: string }) {
  return (
    <a
      href={`${LEGAL_PATH}?tab=${tab}`}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-brand underline"
    >
      {children}
    </a>
  );
}

export function TermsConsent({ checked, onChange, error }: TermsConsentProps) {
  const errorId = useId();
  return (
    <div>
      <label className="flex items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand"
        />
        <span>
          I agree to the <LegalLink tab="terms">Terms &amp; Conditions</LegalLink> and{' '}
          <LegalLink tab="privacy">Privacy Policy</LegalLink>
        </span>
      </label>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
