import { Button, Group } from '@mantine/core';

/** The footer of a form in a modal: «Отмена» closes it, the submit button sends the form. */
export function FormModalFooter({
  onCancel,
  loading,
  submitLabel = 'Сохранить',
}: {
  onCancel: () => void;
  /** The request is under way: the submit button spins. */
  loading: boolean;
  submitLabel?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Отмена
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
