import { useEffect, useRef, useState } from 'react';
import { typedAmount } from '../../lib/url-filters';

/** Collects patches and hands them over once typing pauses (see useTypedFilter). */
export type PatchLater<P> = (patch: P, delay: number) => void;

/**
 * Typed filters go to the address once typing pauses, together: every field's latest value joins
 * one patch, so typing into the next field does not drop the previous one (the address is
 * rewritten from the rendered one, and two commits in one tick would overwrite each other).
 */
export function usePatchLater<P extends object>(onChange: (patch: P) => void): PatchLater<P> {
  const pending = useRef<Partial<P>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => () => clearTimeout(timer.current), []);
  return (patch: P, delay: number) => {
    pending.current = { ...pending.current, ...patch };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const all = pending.current as P;
      pending.current = {};
      latest.current(all);
    }, delay);
  };
}

/** A typed filter: shows what is typed at once and follows the address when it changes from outside. */
export function useTypedFilter<V, P extends object>(
  committed: V,
  toPatch: (value: V) => P,
  delay: number,
  later: PatchLater<P>,
) {
  const [value, setValue] = useState<V>(committed);
  useEffect(() => setValue(committed), [committed]);
  const change = (next: V) => {
    setValue(next);
    later(toPatch(next), delay);
  };
  return [value, change] as const;
}

/** A typed text filter (search, supplier): trimmed, blank removes it; sent 400 ms after typing. */
export function useTextFilter<P extends object>(
  committed: string | undefined,
  key: keyof P,
  later: PatchLater<P>,
) {
  return useTypedFilter<string, P>(committed ?? '', (v) => ({ [key]: v.trim() || null }) as P, 400, later);
}

/** A typed amount filter (price, НМЦД from/to): the money input's text as a number; sent 600 ms after typing. */
export function useAmountFilter<P extends object>(
  committed: number | undefined,
  key: keyof P,
  later: PatchLater<P>,
) {
  return useTypedFilter<string | number, P>(
    committed ?? '',
    (v) => ({ [key]: typedAmount(v) }) as P,
    600,
    later,
  );
}
