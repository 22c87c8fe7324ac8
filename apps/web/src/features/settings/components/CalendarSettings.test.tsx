import { DEFAULT_SETTINGS, type SettingsResult } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { useDetectTimeZone } from '../hooks/useDetectTimeZone';
import { CalendarSettings } from './CalendarSettings';

function stored(account: Partial<SettingsResult['settings']['account']> = {}, timeZoneSource: SettingsResult['timeZoneSource'] = 'default'): SettingsResult {
  return { version: 1, settings: { ...DEFAULT_SETTINGS, account: { ...DEFAULT_SETTINGS.account, ...account } }, timeZoneSource };
}

/** A settings store behind the fake API, answering like the server (a detection never replaces a choice). */
function settingsServer(initial: SettingsResult) {
  let current = initial;
  return {
    get current() {
      return current;
    },
    api: fakeApi({
      getSettings: () => current,
      updateSettings: ({ patch, detected }) => {
        if (patch.account?.weekStart === 'saturday') throw new FakeFnError('UNAVAILABLE', 'The server is restarting; try again shortly.');
        const keepChoice = detected && current.timeZoneSource === 'chosen';
        const account = { ...current.settings.account, ...patch.account, ...(keepChoice ? { timeZone: current.settings.account.timeZone } : {}) };
        const source = patch.account?.timeZone && !keepChoice ? (detected ? 'detected' : 'chosen') : current.timeZoneSource;
        current = { ...current, settings: { ...current.settings, account }, timeZoneSource: source };
        return current;
      },
    }),
  };
}

function Detector() {
  useDetectTimeZone();
  return <p>signed in</p>;
}

describe('Settings: time and calendar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the zone and week start, finds a zone by a word of its name, and saves a choice at once', async () => {
    const server = settingsServer(stored({ timeZone: 'Europe/Paris' }, 'detected'));
    renderSignedIn(<CalendarSettings />);
    const zone = (await screen.findByLabelText('Time zone')) as HTMLSelectElement;
    expect(zone.value).toBe('Europe/Paris');
    expect(screen.getByText(/Detected from your browser/)).toBeTruthy();
    expect((screen.getByLabelText('Week starts on') as HTMLSelectElement).value).toBe('monday');

    fireEvent.change(screen.getByLabelText('Find a time zone'), { target: { value: 'new york' } });
    const offered = within(zone).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);
    // The search narrows the list; the current zone stays selectable.
    expect(offered).toContain('America/New_York');
    expect(offered).toContain('Europe/Paris');
    expect(offered.length).toBeLessThan(5);

    fireEvent.change(zone, { target: { value: 'America/New_York' } });
    expect(await screen.findByText('Time zone saved')).toBeTruthy();
    expect(server.api.callsTo('updateSettings')).toEqual([{ patch: { account: { timeZone: 'America/New_York' } } }]);
    expect(server.current.timeZoneSource).toBe('chosen');
    expect(screen.getByText(/Chosen by you/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Week starts on'), { target: { value: 'sunday' } });
    expect(await screen.findByText('First day of the week saved')).toBeTruthy();
    expect(server.current.settings.account.weekStart).toBe('sunday');
    expect(server.api.problems).toEqual([]);
  });

  it('says why a value was not saved and keeps showing the stored one', async () => {
    const server = settingsServer(stored({ timeZone: 'Europe/Paris' }, 'chosen'));
    renderSignedIn(<CalendarSettings />);
    const zone = (await screen.findByLabelText('Time zone')) as HTMLSelectElement;
    // A zone the contract refuses (as a server with an older time zone database would).
    const bogus = document.createElement('option');
    bogus.value = 'Mars/Olympus';
    zone.append(bogus);
    fireEvent.change(zone, { target: { value: 'Mars/Olympus' } });
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not saved:[\s\S]*Mars\/Olympus[\s\S]*is not an IANA time zone name/);
    expect(server.current.settings.account.timeZone).toBe('Europe/Paris');

    // A server that cannot answer: the reason is shown, the week start is not changed.
    fireEvent.change(screen.getByLabelText('Week starts on'), { target: { value: 'saturday' } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Not saved: The server is restarting/));
    expect(server.current.settings.account.weekStart).toBe('monday');
  });

  it('at sign-in, reports the browser’s zone while none was chosen, and never replaces a choice', async () => {
    const browserZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const other = browserZone === 'Asia/Tokyo' ? 'Europe/Lisbon' : 'Asia/Tokyo';

    const fresh = settingsServer(stored({ timeZone: other }, 'default'));
    const first = renderSignedIn(<Detector />);
    await waitFor(() => expect(fresh.api.callsTo('updateSettings')).toEqual([{ patch: { account: { timeZone: browserZone } }, detected: true }]));
    first.unmount();
    vi.unstubAllGlobals();

    const chosen = settingsServer(stored({ timeZone: other }, 'chosen'));
    renderSignedIn(<Detector />);
    await waitFor(() => expect(chosen.api.callsTo('getSettings')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chosen.api.callsTo('updateSettings')).toEqual([]);
  });
});
