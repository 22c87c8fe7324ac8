import { useEffect, useState } from 'react';
import { SETUP_PROGRESS_INTERVAL_MS, SETUP_PROGRESS_MAX_PERCENT, SETUP_PROGRESS_STEP_PERCENT } from '../constants';

/** The seed's set-up bar: 0 %, then +20 % every 0.6 s until 100 %. */
export function useSetupProgress(): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setPercent((p) => {
        const next = Math.min(SETUP_PROGRESS_MAX_PERCENT, p + SETUP_PROGRESS_STEP_PERCENT);
        if (next >= SETUP_PROGRESS_MAX_PERCENT) window.clearInterval(timer);
        return next;
      });
    }, SETUP_PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return percent;
}
