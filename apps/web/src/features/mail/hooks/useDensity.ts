import { useCallback, useState } from 'react';
import { DENSITY_STORAGE_KEY } from '../lib/constants';

/** Compact: one line a message (Gmail's density, 15–20 rows on a laptop). Comfortable: sender, subject and snippet on three lines. */
export type Density = 'compact' | 'comfortable';

/** Compact where there is room for a line per message (desktop), comfortable on a phone. */
function defaultDensity(): Density {
  const wide = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;
  return wide ? 'compact' : 'comfortable';
}

function stored(): Density | null {
  try {
    const value = window.localStorage.getItem(DENSITY_STORAGE_KEY);
    return value === 'compact' || value === 'comfortable' ? value : null;
  } catch {
    return null;
  }
}

/** The row density, remembered in this browser once the user chooses one. */
export function useDensity(): [Density, (density: Density) => void] {
  const [density, setState] = useState<Density>(() => stored() ?? defaultDensity());
  const setDensity = useCallback((next: Density) => {
    setState(next);
    try {
      window.localStorage.setItem(DENSITY_STORAGE_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
  }, []);
  return [density, setDensity];
}
