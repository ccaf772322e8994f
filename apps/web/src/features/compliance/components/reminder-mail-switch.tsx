import { Switch } from '@mantine/core';
import { notices } from '../../../components/notices/notices.store';
import { useReminderPrefs, useSaveReminderPrefs } from '../api/compliance';

/** The profile's switch of the reminder letters (the reminders in the product stay). */
export function ReminderMailSwitch() {
  const prefs = useReminderPrefs();
  const save = useSaveReminderPrefs();
  if (!prefs.data) return null;
  return (
    <Switch
      label="Напоминания о сроках на e-mail"
      description="Ежедневная сводка обязанностей, срок которых подходит или истёк (в системе напоминания остаются)"
      checked={prefs.data.reminder_mail}
      disabled={save.isPending}
      onChange={(e) =>
        save.mutate(
          { reminder_mail: e.currentTarget.checked },
          {
            onSuccess: (p) =>
              notices.success(
                'Сохранено',
                p.reminder_mail ? 'Письма с напоминаниями включены' : 'Письма с напоминаниями отключены',
              ),
          },
        )
      }
    />
  );
}
