import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TemplateFields } from '@zakupki/shared/api/procurement-rules';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { TemplateFieldsList } from './template-fields';

const FIELDS: TemplateFields = {
  items: [
    {
      tag: 'customer.title',
      title: 'Наименование заказчика',
      loop: null,
      example: 'АО «Энергосеть»',
      required: true,
    },
    {
      tag: 'items',
      title: 'Позиции спецификации',
      loop: 'items',
      example: 'Повторяет строку таблицы для каждой позиции (в примере — 3)',
      required: false,
    },
    {
      tag: 'item.name',
      title: 'Наименование товара, работы, услуги',
      loop: 'items',
      example: 'Бумага офисная А4',
      required: false,
    },
  ],
  user_fields: [
    {
      tag: 'delivery_place',
      title: 'Место поставки',
      loop: null,
      example: '«Место поставки»',
      required: true,
    },
  ],
};

describe('TemplateFieldsList', () => {
  it('lists each field as written in a template, what it holds and an example: one name per value', async () => {
    renderApp(<TemplateFieldsList fields={FIELDS} />);
    await userEvent.click(screen.getByRole('button', { name: /Поля из карточек закупки.*\(3\)/ }));
    const row = screen.getByText('{customer.title}').closest('tr')!;
    expect(within(row).getByText('Наименование заказчика')).toBeTruthy();
    expect(within(row).getByText('АО «Энергосеть»')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Прежнее имя');
    expect(within(row).getByText('обязательное')).toBeTruthy();
    expect(screen.getByText('{#items}…{/items}')).toBeTruthy();
    const item = screen.getByText('{item.name}').closest('tr')!;
    expect(within(item).getByText('Внутри {#items}…{/items}')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Пользовательские поля \(1\)/ }));
    expect(screen.getByText('{delivery_place}')).toBeTruthy();
    // no developer words
    expect(document.body.textContent).not.toMatch(/тег/i);
  });
});
