// A whole-second countdown, restarted after every code sent (spec 1 §2: "Resend
// OTP" is replaced by a 30-second countdown after each send).
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): [seconds: number, restart: (seconds: number) => void] {
  const [seconds, setSeconds] = useState(0);
  const running = seconds > 0;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setSeconds((left) => Math.max(0, left - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);

  const restart = useCallback((next: number) => setSeconds(Math.max(0, next)), []);
  return [seconds, restart];
}
