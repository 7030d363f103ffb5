// /auth (spec 1 §2 "Login screen"): choose e-mail or mobile, then go on to the
// code screen. A signed-in visitor has nothing to do here and goes to /.
import { useLocation, useNavigate, useSearchParams, Navigate } from 'react-router';
import { useAppConfig } from '../../shared/api/app-config.ts';
import { useAuth } from '../../shared/api/auth-session.ts';
import {
  AUTH_PATHS,
  loginStateSchema,
  readState,
  safeRedirect,
  type VerifyOtpState,
} from '../../shared/lib/auth-navigation.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { GoogleButton } from './components/google-button.tsx';
import { LoginForm, type LoginSubmission } from './components/login-form.tsx';

export function LoginScreen() {
  const { brand, googleClientId } = useAppConfig();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirectUrl') ?? params.get('redirect_url'));
  const initialMethod = readState(loginStateSchema, location.state)?.activeTab ?? 'mobile';

  if (auth.status === 'signed-in') return <Navigate to="/" replace />;

  const proceed = (submission: LoginSubmission) => {
    const state: VerifyOtpState = { ...submission, redirectAfterOTP: redirect };
    void navigate(AUTH_PATHS.verifyOtp, { state });
  };

  return (
    <AuthLayout brand={brand}>
      <h1 className="font-serif text-2xl font-bold text-brand sm:text-3xl">
        Log in or Create Your Account
      </h1>
      <div className="mt-7">
        <LoginForm initialMethod={initialMethod} onSubmit={proceed} />
      </div>
      {googleClientId && (
        <div className="mt-4">
          <GoogleButton redirectUrl={redirect} />
        </div>
      )}
      <p className="mt-6 text-center text-xs leading-relaxed text-ink-soft">
        By continuing, you agree to our{' '}
        <a
          href={brand.legal.terms}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand underline"
        >
          Terms &amp; Conditions
        </a>{' '}
        and{' '}
        <a
          href={brand.legal.privacy}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand underline"
        >
          Privacy Policy
        </a>
        .
      </p>
    </AuthLayout>
  );
}
