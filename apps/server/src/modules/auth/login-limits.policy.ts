import type { Config } from '../../config.js';
import type { FailureCounts } from './login-failures.repository.js';

export type LoginRefusal = 'address' | 'login' | 'global';

/**
 * Whether a login attempt is refused before its password is checked (HTTP 429), from the failed
 * logins of the window:
 * - from this address `addressMaxFailures` or more: refused (a spray from one address stops);
 * - of this login `maxFailures` or more: refused unless the address is one the user logged in
 *   from recently — a back-off that strangers cannot turn into a lock-out of the owner;
 * - in all `globalMaxFailures` or more (a spray from many addresses): only known addresses may try.
 * A known address is still held to the per-address limit, so guessing from it stays bounded.
 * `known` is asked only when it matters (it costs a query).
 */
export async function loginRefusal(
  counts: FailureCounts,
  known: () => Promise<boolean>,
  limits: Config['login'],
): Promise<LoginRefusal | null> {
  if (counts.address >= limits.addressMaxFailures) return 'address';
  const loginHeld = counts.login >= limits.maxFailures;
  const globalHeld = counts.total >= limits.globalMaxFailures;
  if (!loginHeld && !globalHeld) return null;
  if (await known()) return null;
  return loginHeld ? 'login' : 'global';
}

export function refusalMessage(refusal: LoginRefusal, windowMs: number): string {
  const minutes = `${Math.max(1, Math.round(windowMs / 60000))} мин`;
  switch (refusal) {
    case 'address':
      return `Слишком много неудачных попыток входа с вашего адреса. Попробуйте через ${minutes}`;
    case 'login':
      return `Слишком много неудачных попыток входа в эту учётную запись. С нового адреса вход возможен через ${minutes}; с адреса, с которого вы входили раньше, — сейчас. Можно также восстановить пароль по e-mail`;
    case 'global':
      return `Система отражает подбор паролей: вход с новых адресов временно ограничен. Попробуйте через ${minutes} или войдите с адреса, с которого входили раньше. Сотрудники (администратор, специалист, оператор) могут войти с паролем и одноразовым кодом из письма`;
  }
}
