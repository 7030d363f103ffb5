// /payment-success (spec 2 §2 "Payment success", §4 "Purchase result"): the
// server has confirmed the payment before sending the reader here. The account
// and its subscription are fetched afresh, the finished choice is forgotten, and
// after a 5-second countdown the reader goes to the paper.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { refreshAuth } from '../../shared/api/auth-session.ts';
import { clearSelectedPlan } from '../../shared/lib/selected-plan.ts';
import { SESSION_KEYS, sessionValue } from '../../shared/lib/session-keys.ts';
import { track } from '../../shared/lib/tracking.ts';
import { PaymentResult } from './components/payment-result.tsx';
import { celebrate } from './lib/celebrate.ts';

/** Spec 2 §9: payment success redirects to / after 5 s. */
const SUCCESS_REDIRECT_SECONDS = 5;

export function PaymentSuccessScreen() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const [left, setLeft] = useState(SUCCESS_REDIRECT_SECONDS);
  const arrived = useRef(false);

  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    track('purchase', { order_id: orderId });
    clearSelectedPlan();
    sessionValue.remove(SESSION_KEYS.isSubscriptionFlow);
    void refreshAuth(client).catch(() => null);
  }, [client, orderId]);

  useEffect(() => {
    const leaving = new AbortController();
    void celebrate(leaving.signal).catch(() => undefined);
    return () => leaving.abort();
  }, []);

  useEffect(() => {
    const timer = window.setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) void navigate('/', { replace: true });
  }, [left, navigate]);

  return (
    <PaymentResult outcome="success" title="Payment Successful!">
      <p className="mt-3 text-base text-ink">Welcome! Your subscription is now active.</p>
      <p role="timer" className="mt-6 text-sm text-ink-soft">
        Redirecting in {left} {left === 1 ? 'second' : 'seconds'}...
      </p>
    </PaymentResult>
  );
}
