import type { WeekStart } from '@mailroom/contract';
import { useId, useMemo, useState } from 'react';
import { describeError } from '../../../shared/api';
import { Alert, Button, SaveOutcome, Spinner } from '../../../shared/ui';
import { useSettings } from '../hooks/useSettings';
import { browserTimeZone, searchTimeZones, timeZoneOptions, type TimeZoneOption } from '../lib/timeZones';

const WEEK_STARTS: Array<{ value: WeekStart; label: string }> = [
  { value: 'monday', label: 'Monday' },
  { value: 'sunday', label: 'Sunday' },
  { value: 'saturday', label: 'Saturday' },
];

const SOURCE_TEXT = {
  default: 'Pacific time, the zone Gmail reads dates in, until your browser tells Mailroom yours.',
  detected: 'Detected from your browser when you signed in.',
  chosen: 'Chosen by you; signing in from another time zone does not change it.',
} as const;

const FIELD = 'w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg';

function groupByArea(options: readonly TimeZoneOption[]): Array<[string, TimeZoneOption[]]> {
  const groups = new Map<string, TimeZoneOption[]>();
  for (const option of options) groups.set(option.area, [...(groups.get(option.area) ?? []), option]);
  return [...groups.entries()];
}

/**
 * The user's calendar in Settings: the time zone dates are read in (category queries, "today",
 * the digest hour) and the first day of the week. Saved as soon as a value is picked.
 */
export function CalendarSettings() {
  const { settings, update } = useSettings();
  const [search, setSearch] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const searchId = useId();
  const zoneId = useId();
  const zoneHelpId = useId();
  const weekId = useId();
  const browserZoneId = useId();
  const allZones = useMemo(() => timeZoneOptions(), []);
  const here = browserTimeZone();

  if (settings.isPending) return <Spinner label="Loading your time zone" />;
  if (settings.isError) {
    return (
      <Alert tone="danger" role="alert">
        Your time zone could not be loaded: {describeError(settings.error)}
      </Alert>
    );
  }

  const { account } = settings.data.settings;
  const matches = searchTimeZones(allZones, search);
  // The current zone stays selectable whatever the search shows.
  const shown = matches.some((o) => o.zone === account.timeZone) ? matches : [...allZones.filter((o) => o.zone === account.timeZone), ...matches];
  const save = (patch: { timeZone?: string; weekStart?: WeekStart }, what: string) => {
    setSaved(null);
    update.mutate({ patch: { account: patch } }, { onSuccess: () => setSaved(what) });
  };

  return (
    <div className="mt-6 border-t border-line pt-6">
      <h3 className="text-sm font-medium text-fg">Time and calendar</h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="min-w-0 sm:col-span-2">
          <label htmlFor={searchId} className="text-sm text-muted">
            Find a time zone
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="City or region, e.g. new york"
            aria-controls={zoneId}
            autoComplete="off"
            className={`mt-1 ${FIELD}`}
          />
          <p className="mt-1 text-xs text-muted" aria-live="polite">
            {search ? `${matches.length} matching time ${matches.length === 1 ? 'zone' : 'zones'}` : ''}
          </p>
        </div>
        <div className="min-w-0 sm:col-span-2">
          <label htmlFor={zoneId} className="text-sm text-muted">
            Time zone
          </label>
          <select
            id={zoneId}
            value={account.timeZone}
            aria-describedby={zoneHelpId}
            onChange={(e) => save({ timeZone: e.target.value }, 'Time zone saved')}
            className={`mt-1 ${FIELD}`}
          >
            {groupByArea(shown).map(([area, options]) => (
              <optgroup key={area} label={area}>
                {options.map((option) => (
                  <option key={option.zone} value={option.zone}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p id={zoneHelpId} className="mt-1 text-xs text-muted">
            Dates in category queries, “today” and <code className="font-mono">newer_than:</code> are read in this zone.{' '}
            {SOURCE_TEXT[settings.data.timeZoneSource]}
          </p>
          {here && here !== account.timeZone ? (
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <Button variant="secondary" size="sm" icon="clock" aria-describedby={browserZoneId} onClick={() => save({ timeZone: here }, 'Time zone saved')}>
                Use this browser’s zone
              </Button>
              <span id={browserZoneId} className="min-w-0 text-xs break-all text-muted">
                {here.replaceAll('_', ' ')}
              </span>
            </div>
          ) : null}
        </div>
        <div className="min-w-0">
          <label htmlFor={weekId} className="text-sm text-muted">
            Week starts on
          </label>
          <select
            id={weekId}
            value={account.weekStart}
            onChange={(e) => save({ weekStart: e.target.value as WeekStart }, 'First day of the week saved')}
            className={`mt-1 ${FIELD}`}
          >
            {WEEK_STARTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <SaveOutcome saved={saved} pending={update.isPending} error={update.isError ? describeError(update.error) : null} className="mt-3" />
    </div>
  );
}
