import { ReminderMailSwitch } from '../features/compliance/components/reminder-mail-switch';
import { MyProfilePage } from '../features/profile/components/my-profile-page';

/** /profile/my with the settings other features keep for the user (features do not import each other). */
export function MyProfileRoute() {
  return <MyProfilePage settings={<ReminderMailSwitch />} />;
}
