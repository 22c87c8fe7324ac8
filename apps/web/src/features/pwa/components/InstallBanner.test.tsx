import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetInstallPromptForTests, startCapturingInstallPrompt } from '../../../shared/browser/installPrompt';
import { INSTALL_BANNER_DELAY_MS, INSTALL_BANNER_SUPPRESS_MS, INSTALL_DISMISSED_AT_KEY } from '../constants';
import { InstallBanner } from './InstallBanner';

function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function renderBanner() {
  render(
    <MemoryRouter>
      <InstallBanner />
    </MemoryRouter>,
  );
}

describe('install banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
    resetInstallPromptForTests();
    startCapturingInstallPrompt();
  });
  afterEach(() => vi.useRealTimers());

  it('appears 3 s after the browser offers installation, and Install opens the browser’s prompt', async () => {
    renderBanner();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    act(() => vi.advanceTimersByTime(INSTALL_BANNER_DELAY_MS - 1));
    expect(screen.queryByRole('region', { name: 'Install Mailroom' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Install Mailroom' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Install Mailroom' })).toBeNull();
  });

  it('"Not now" hides it for 7 days', () => {
    renderBanner();
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_BANNER_DELAY_MS));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install Mailroom' })).toBeNull();
    expect(Number(window.localStorage.getItem(INSTALL_DISMISSED_AT_KEY))).toBe(Date.now());
  });

  it('stays away within 7 days of "Not now" and comes back after', () => {
    window.localStorage.setItem(INSTALL_DISMISSED_AT_KEY, String(Date.now() - INSTALL_BANNER_SUPPRESS_MS + 60_000));
    renderBanner();
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_BANNER_DELAY_MS * 2));
    expect(screen.queryByRole('region', { name: 'Install Mailroom' })).toBeNull();
  });

  it('comes back once 7 days have passed', () => {
    window.localStorage.setItem(INSTALL_DISMISSED_AT_KEY, String(Date.now() - INSTALL_BANNER_SUPPRESS_MS - 1));
    renderBanner();
    offerInstall();
    act(() => vi.advanceTimersByTime(INSTALL_BANNER_DELAY_MS));
    expect(screen.getByRole('region', { name: 'Install Mailroom' })).toBeTruthy();
  });
});
