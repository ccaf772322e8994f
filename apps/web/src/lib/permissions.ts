import type { Permission } from '@zakupki/shared/roles';

/** Russian names of the per-company permissions. */
export const PERMISSION_TITLES: Record<Permission, string> = {
  'company.read': 'просмотр компании',
  'company.update': 'изменение реквизитов',
  'company.delete': 'удаление компании',
  'contacts.write': 'контакты',
  'bank.write': 'банковские реквизиты',
  'customers.write': 'заказчики',
  'users.read': 'просмотр пользователей',
  'users.manage': 'управление пользователями',
  'catalogs.write': 'справочники',
  'rules.read': 'просмотр положений',
  'rules.write': 'изменение положений',
  'contracts.read': 'просмотр договоров',
  'contracts.write': 'изменение договоров',
  'procurements.read': 'просмотр закупок',
  'procurements.write': 'изменение закупок',
  'imports.run': 'загрузка файлов',
  'reports.create': 'отчёты',
  'eis.settings': 'настройки ЕИС',
};
