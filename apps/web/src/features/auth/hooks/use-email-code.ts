import type { EmailPurpose } from '@zakupki/shared/api/auth';
import { useEffect, useRef, useState } from 'react';
import { emitUnauth, useUnauthEvent } from '../../../lib/realtime';

/**
 * The e-mail confirmation code over the `/unauth` socket (docs/product.md, module 1):
 * emailServiceRequest → emailServiceReceived (accepted) → emailServiceResponse (sent or failed).
 */
export type EmailCodeState =
  | { phase: 'idle' }
  | { phase: 'sending'; email: string }
  | { phase: 'received'; email: string }
  | { phase: 'sent'; email: string }
  | { phase: 'error'; email: string; error: string };

/** No answer in this time: the request is reported as failed. */
export const EMAIL_CODE_TIMEOUT_MS = 30_000;
/** A new code may be asked for after this pause. */
export const EMAIL_CODE_COOLDOWN_MS = 60_000;

const norm = (e: string) => e.trim().toLowerCase();

export function useEmailCode(purpose: EmailPurpose) {
  const [state, setState] = useState<EmailCodeState>({ phase: 'idle' });
  const [cooldownUntil, setCooldownUntil] = useState(0);
  const [, tick] = useState(0);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => {
    if (cooldownUntil <= Date.now()) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [cooldownUntil]);

  const matches = (p: { email: string; purpose: string }) =>
    pending.current !== null && norm(p.email) === pending.current && p.purpose === purpose;

  useUnauthEvent('emailServiceReceived', (p) => {
    if (matches(p)) setState({ phase: 'received', email: p.email });
  });
  useUnauthEvent('emailServiceResponse', (p) => {
    if (pending.current === null) return;
    // a request the server could not parse is answered with the raw e-mail and purpose
    const rejected = !p.ok && (p.purpose === purpose || !p.purpose);
    if (!matches(p) && !rejected) return;
    if (timer.current) clearTimeout(timer.current);
    const email = pending.current ?? p.email;
    pending.current = null;
    if (p.ok) {
      setState({ phase: 'sent', email });
      setCooldownUntil(Date.now() + EMAIL_CODE_COOLDOWN_MS);
    } else {
      setState({ phase: 'error', email, error: p.error ?? 'Не удалось отправить письмо с кодом' });
    }
  });

  const request = (email: string) => {
    const e = norm(email);
    pending.current = e;
    setState({ phase: 'sending', email: e });
    emitUnauth('emailServiceRequest', { email: e, purpose }, 'отправка кода на e-mail');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (pending.current !== e) return;
      pending.current = null;
      setState({ phase: 'error', email: e, error: 'Сервер не ответил. Попробуйте запросить код ещё раз' });
    }, EMAIL_CODE_TIMEOUT_MS);
  };

  const cooldownSeconds = Math.max(0, Math.ceil((cooldownUntil - Date.now()) / 1000));
  const busy = state.phase === 'sending' || state.phase === 'received';
  return { state, request, busy, cooldownSeconds };
}
