import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { DateRangeFilter, FilterSwitches, ResetFiltersButton, StatusFilter } from './filter-fields';
import { useAmountFilter, usePatchLater, useTextFilter, useTypedFilter } from './typed-filter';

describe('register filter fields', () => {
  it('switches report their new state', async () => {
    const onChange = vi.fn();
    renderApp(<FilterSwitches items={[{ label: 'Архив', checked: false, onChange }]} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Архив' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('the reset button is there only while a filter is set', async () => {
    const onReset = vi.fn();
    const hidden = renderApp(<ResetFiltersButton shown={false} onReset={onReset} />);
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).toBeNull();
    hidden.unmount();
    renderApp(<ResetFiltersButton shown onReset={onReset} />);
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(onReset).toHaveBeenCalled();
  });

  it('the status filter says «Все» when nothing is chosen', () => {
    renderApp(
      <StatusFilter options={[{ value: 'draft', label: 'Проект' }]} value={[]} onChange={() => {}} />,
    );
    expect(screen.getByPlaceholderText('Все')).toBeTruthy();
  });

  it('a date range names its first field after the label', () => {
    renderApp(<DateRangeFilter label="Размещение" from="2026-01-02" to={undefined} onChange={() => {}} />);
    expect(screen.getByLabelText('Размещение с')).toHaveProperty('value', '02.01.2026');
    expect(screen.getByLabelText('по')).toHaveProperty('value', '');
  });
});

function Typed({ onChange }: { onChange: (p: { a?: string; b?: string }) => void }) {
  const later = usePatchLater(onChange);
  const [a, setA] = useTypedFilter<string, { a?: string; b?: string }>('', (v) => ({ a: v }), 400, later);
  const [b, setB] = useTypedFilter<string, { a?: string; b?: string }>('', (v) => ({ b: v }), 400, later);
  return (
    <>
      <input aria-label="a" value={a} onChange={(e) => setA(e.currentTarget.value)} />
      <input aria-label="b" value={b} onChange={(e) => setB(e.currentTarget.value)} />
    </>
  );
}

describe('typed filters', () => {
  it('fields typed one after another go out together once typing pauses', async () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      renderApp(<Typed onChange={onChange} />);
      fireEvent.change(screen.getByLabelText('a'), { target: { value: 'x' } });
      act(() => vi.advanceTimersByTime(200));
      fireEvent.change(screen.getByLabelText('b'), { target: { value: 'y' } });
      act(() => vi.advanceTimersByTime(399));
      expect(onChange).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(400));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ a: 'x', b: 'y' });
    } finally {
      vi.useRealTimers();
    }
  });
});

function Named({ onChange }: { onChange: (p: { q?: string | null; min?: number | null }) => void }) {
  const later = usePatchLater(onChange);
  const [q, setQ] = useTextFilter<{ q?: string | null; min?: number | null }>(undefined, 'q', later);
  const [min, setMin] = useAmountFilter<{ q?: string | null; min?: number | null }>(undefined, 'min', later);
  return (
    <>
      <input aria-label="q" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      <input aria-label="min" value={min} onChange={(e) => setMin(e.currentTarget.value)} />
    </>
  );
}

describe('text and amount filters', () => {
  it('text is trimmed (blank removes it), an amount is read from the money text', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      renderApp(<Named onChange={onChange} />);
      fireEvent.change(screen.getByLabelText('q'), { target: { value: '  ' } });
      fireEvent.change(screen.getByLabelText('min'), { target: { value: '1 000,5 ₽' } });
      act(() => vi.advanceTimersByTime(600));
      expect(onChange).toHaveBeenCalledWith({ q: null, min: 1000.5 });
    } finally {
      vi.useRealTimers();
    }
  });
});
