/**
 * The time zones a user can choose: the browser's own IANA list (Intl.supportedValuesOf), plus
 * UTC, which browsers leave out of it. Labels say the offset now, so "Europe/Paris (UTC+01:00)"
 * can be told apart from its neighbours; searching matches words of the name ("new york").
 */
export interface TimeZoneOption {
  zone: string;
  /** The area the select groups it under: Africa, America, Europe ... */
  area: string;
  label: string;
}

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    // "GMT+01:00"; plain "GMT" for UTC itself.
    return part ? part.replace('GMT', 'UTC').replace(/^UTC$/, 'UTC+00:00') : '';
  } catch {
    return '';
  }
}

function zoneNames(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...supported.filter((zone) => zone !== 'UTC')];
}

export function timeZoneOptions(at: Date = new Date()): TimeZoneOption[] {
  return zoneNames().map((zone) => {
    const slash = zone.indexOf('/');
    const offset = offsetOf(zone, at);
    return {
      zone,
      area: slash === -1 ? 'Other' : zone.slice(0, slash),
      label: `${zone.replaceAll('_', ' ')}${offset ? ` (${offset})` : ''}`,
    };
  });
}

/** The options whose name or offset contains every word of `search`, case-insensitively. */
export function searchTimeZones(options: readonly TimeZoneOption[], search: string): TimeZoneOption[] {
  const words = search.toLowerCase().split(/[\s/_,]+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const haystack = option.label.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The zone this browser runs in, or null when it cannot say. */
export function browserTimeZone(): string | null {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
