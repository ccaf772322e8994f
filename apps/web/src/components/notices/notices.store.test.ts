import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotices, NOTICE_TTL_MS } from './notices.store';

describe('notices', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('success and error leave after 10 seconds, not before', () => {
    const n = createNotices();
    n.success('Готово', 'Файл загружен');
    n.error('Произошла ошибка сервера', 'Запрашиваемый ресурс не найден');
    expect(NOTICE_TTL_MS).toBe(10_000);
    vi.advanceTimersByTime(9_999);
    expect(n.store.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(n.store.get()).toHaveLength(0);
  });

  it('pending stays until replaced by its result under the same id', () => {
    const n = createNotices();
    n.pending('Загрузка УПД', 'Файл обрабатывается', { id: 'upd-1' });
    vi.advanceTimersByTime(60_000);
    expect(n.store.get().map((x) => x.status)).toEqual(['pending']);
    n.error('Загрузка УПД', 'Не удалось обработать УПД: нет строк', { id: 'upd-1', code: 'ABC123' });
    expect(n.store.get()).toHaveLength(1);
    expect(n.store.get()[0]).toMatchObject({ status: 'error', code: 'ABC123' });
    vi.advanceTimersByTime(10_000);
    expect(n.store.get()).toHaveLength(0);
  });

  it('a repeated id restarts the 10-second timer', () => {
    const n = createNotices();
    n.success('A', 'first', { id: 'x' });
    vi.advanceTimersByTime(8_000);
    n.success('A', 'second', { id: 'x' });
    vi.advanceTimersByTime(8_000);
    expect(n.store.get().map((x) => x.message)).toEqual(['second']);
    vi.advanceTimersByTime(2_000);
    expect(n.store.get()).toHaveLength(0);
  });

  it('gives a random id when none is given; each notice has a date', () => {
    const n = createNotices();
    const a = n.success('A', 'a');
    const b = n.success('B', 'b');
    expect(a).not.toBe(b);
    expect(n.store.get().every((x) => x.date instanceof Date)).toBe(true);
  });

  it('closing removes at once and cancels the timer', () => {
    const n = createNotices();
    const id = n.error('E', 'e');
    n.remove(id);
    expect(n.store.get()).toHaveLength(0);
    n.success('S', 's', { id });
    vi.advanceTimersByTime(5_000);
    expect(n.store.get()).toHaveLength(1);
  });
});
