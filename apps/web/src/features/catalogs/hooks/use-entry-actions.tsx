import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import { notices } from '../../../components/notices/notices.store';
import { reportApiError } from '../../../lib/error-handler';
import { ApiError } from '../../../lib/http-errors';
import { type CatalogItem, type EntryAction, itemName, useEntryAction } from '../api/catalogs';

const CONFIRM: Record<
  EntryAction,
  {
    title: string;
    confirm: string;
    question: (name: string) => string;
    done: (name: string) => string;
    color?: string;
  }
> = {
  archive: {
    title: 'Перенос в архив',
    confirm: 'В архив',
    question: (n) =>
      `Перенести запись «${n}» в архив? Её не будут предлагать при заполнении новых документов; в созданных она останется.`,
    done: (n) => `Запись «${n}» перенесена в архив`,
  },
  restore: {
    title: 'Восстановление из архива',
    confirm: 'Восстановить',
    question: (n) => `Восстановить запись «${n}» из архива?`,
    done: (n) => `Запись «${n}» восстановлена из архива`,
  },
  remove: {
    title: 'Удаление записи',
    confirm: 'Удалить',
    question: (n) => `Удалить запись «${n}»? Удаление нельзя отменить.`,
    done: (n) => `Запись «${n}» удалена`,
    color: 'red',
  },
};

/**
 * Archive, restore and delete, each after a confirmation. An entry in use cannot be deleted:
 * the server answers 409 has_dependents with what refers to it, and the user is offered to
 * archive the entry instead.
 */
export function useEntryActions(d: CatalogDescriptor) {
  const run = useEntryAction(d, {
    meta: { handled: true },
    onSuccess: (_r, { item, action }) => notices.success('Готово', CONFIRM[action].done(itemName(item))),
    onError: (err, { item, action }) => {
      if (
        action === 'remove' &&
        err instanceof ApiError &&
        err.code === 'has_dependents' &&
        !item.archived_at
      )
        return offerArchive(item, err.message);
      reportApiError(err);
    },
  });

  const offerArchive = (item: CatalogItem, message: string) =>
    modals.openConfirmModal({
      title: 'Запись используется',
      children: (
        <Text size="sm" role="alert">
          {message}
        </Text>
      ),
      labels: { confirm: 'Перенести в архив', cancel: 'Отмена' },
      onConfirm: () => run.mutate({ item, action: 'archive' }),
    });

  const ask = (item: CatalogItem, action: EntryAction) => {
    const c = CONFIRM[action];
    modals.openConfirmModal({
      title: c.title,
      children: <Text size="sm">{c.question(itemName(item))}</Text>,
      labels: { confirm: c.confirm, cancel: 'Отмена' },
      confirmProps: { color: c.color },
      onConfirm: () => run.mutate({ item, action }),
    });
  };

  return { ask, pending: run.isPending };
}
