import type { AppDeps } from '../../types.js';
import { sendMail } from '../mail/mail.service.js';
import { activeAdmins, claimHoldAlarm } from './login-hold.repository.js';

const HEADER = 'Отражение подбора паролей';
/** When this node last found the alarm raised: during a hold its refusals do not each ask the database. */
const raisedAt = new WeakMap<AppDeps['db'], number>();

/**
 * Raises the alarm of a global login hold (failed logins from many addresses reached
 * `config.login.globalMaxFailures` in the window): a notification and a letter to every active
 * administrator, once per hold — at most once per window, on whichever node sees it first. A
 * letter that cannot be sent is logged; the login's answer does not wait on it failing.
 */
export async function raiseHoldAlarm(deps: AppDeps, failures: number): Promise<void> {
  const { windowMs } = deps.config.login;
  if (Date.now() - (raisedAt.get(deps.db) ?? 0) < windowMs) return;
  const claimed = await claimHoldAlarm(deps.db, windowMs, failures);
  raisedAt.set(deps.db, Date.now());
  if (!claimed) return;
  const minutes = Math.max(1, Math.round(windowMs / 60000));
  const message = `За последние ${minutes} мин — ${failures} неудачных попыток входа с разных адресов. Вход с новых адресов ограничен; пользователи входят с адресов, с которых входили раньше, сотрудники — по коду из письма. Проверьте журнал событий`;
  deps.log.warn({ failures, window_minutes: minutes }, 'global login hold started');
  for (const admin of await activeAdmins(deps.db)) {
    await deps.notifier.notify({
      userId: admin.id,
      companyId: null,
      kind: 'notification',
      status: 'warning',
      header: HEADER,
      message,
    });
    await sendMail(deps, {
      to: admin.login,
      subject: HEADER,
      body: `${message}\n\nСистема автоматизации закупок`,
    }).catch((err) => deps.log.error({ err, to: admin.login }, 'could not send the login hold alarm'));
  }
}
