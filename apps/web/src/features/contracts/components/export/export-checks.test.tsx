import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loginAs, renderApp } from '../../../../test/render';
import { regionCodeProblem, yearProblem } from './export-checks';
import { MonthlyCard } from './monthly-card';

describe('export forms refuse letters instead of dropping them (issue 25, item 4)', () => {
  it.each([
    ['2026', null],
    ['20a6', 'Год — только цифры, например 2026'],
    ['abcd', 'Год — только цифры, например 2026'],
    ['', 'Обязательное поле'],
    ['2011', 'Год от 2012 до 2100'],
    ['2101', 'Год от 2012 до 2100'],
  ])('year %j → %s', (text, message) => {
    expect(yearProblem(text)).toBe(message);
  });

  it.each([
    ['', null],
    ['77', null],
    ['7a', 'Код региона — только цифры, например 77'],
    ['0', 'Код региона — число от 1 до 99'],
    ['100', 'Код региона — число от 1 до 99'],
  ])('region code %j → %s', (text, message) => {
    expect(regionCodeProblem(text)).toBe(message);
  });

  it('the monthly report keeps a typed letter, says what is wrong and cannot be started', () => {
    loginAs('specialist');
    renderApp(<MonthlyCard companyId={1} onStarted={() => {}} canReport />);
    const year = screen.getByLabelText('Год') as HTMLInputElement;
    fireEvent.change(year, { target: { value: '20x5' } });
    expect(year.value).toBe('20x5');
    expect(screen.getByText('Год — только цифры, например 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сформировать отчёт' })).toHaveProperty('disabled', true);
    fireEvent.change(year, { target: { value: '2025' } });
    expect(screen.queryByText('Год — только цифры, например 2026')).toBeNull();
    expect(screen.getByRole('button', { name: 'Сформировать отчёт' })).toHaveProperty('disabled', false);
  });
});
