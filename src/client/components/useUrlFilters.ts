import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OWNERSHIP } from '../../shared/constants';

/**
 * A list's ownership filter and search text, kept in the URL (?o=…&q=…) so that Back, a reload or a
 * shared link restore them. Changes replace the history entry rather than adding one per keystroke.
 */
const OWNERSHIPS: readonly number[] = Object.values(OWNERSHIP);

export function useUrlFilters(defaultOwnership: number = OWNERSHIP.mine) {
  const [params, setParams] = useSearchParams();
  const parsed = Number(params.get('o'));
  const ownership = OWNERSHIPS.includes(parsed) ? parsed : defaultOwnership;
  const q = params.get('q') ?? '';
  const set = useCallback(
    (name: 'o' | 'q', value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    ownership,
    q,
    setOwnership: useCallback((value: number) => set('o', String(value)), [set]),
    setQ: useCallback((text: string) => set('q', text), [set]),
  };
}
