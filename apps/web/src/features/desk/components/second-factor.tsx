// The second factor before the desk opens (issue 26 part 1): the first time, set
// up an authenticator app from a QR code (or its key typed in) and keep the
// recovery codes; after that, the app's code once per sign-in.
import { Button } from '../../../shared/ui/button.tsx';
import { useSecondFactorSetup } from '../api.ts';
import { CodeForm } from './code-form.tsx';
import { QrCode } from './qr-code.tsx';

function keyOf(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export function SetUpSecondFactor() {
  const setup = useSecondFactorSetup();
  if (!setup.data) {
    return (
      <section aria-labelledby="setup-title" className="flex max-w-xl flex-col gap-4">
        <h2 id="setup-title" className="text-xl font-bold text-ink">
          Set up your authenticator app
        </h2>
        <p className="text-ink-soft">
          The desk asks for a code from an authenticator app (Google Authenticator, Microsoft
          Authenticator, 1Password and others) each time you sign in.
        </p>
        {setup.error && (
          <p role="alert" className="text-sm text-red-700">
            {setup.error.message}
          </p>
        )}
        <Button onClick={() => setup.mutate()} disabled={setup.isPending} className="self-start">
          Show the QR code
        </Button>
      </section>
    );
  }
  const { totpURI, backupCodes } = setup.data;
  return (
    <section aria-labelledby="setup-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="setup-title" className="text-xl font-bold text-ink">
        Scan this code with your authenticator app
      </h2>
      <QrCode text={totpURI} label="QR code for your authenticator app" />
      <p className="text-sm text-ink-soft">
        Or type this key into the app:{' '}
        <code data-testid="totp-key" className="font-mono text-ink">
          {keyOf(totpURI)}
        </code>
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-ink">
          Recovery codes (keep them somewhere safe)
        </summary>
        <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
          {backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </details>
      <CodeForm submitLabel="Finish set-up" />
    </section>
  );
}

export function GiveSecondFactor() {
  return (
    <section aria-labelledby="verify-title" className="flex max-w-xl flex-col gap-4">
      <h2 id="verify-title" className="text-xl font-bold text-ink">
        Enter the code from your authenticator app
      </h2>
      <CodeForm submitLabel="Open the desk" />
    </section>
  );
}
