import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, ToastSlot, useToast } from './Toast';

function Page() {
  const toast = useToast();
  return (
    <main>
      <button type="button" onClick={() => toast.show({ title: 'Token revoked', tone: 'success' })}>
        Revoke
      </button>
      {/* A feature's own toast, rendered deep in the page. */}
      <div className="somewhere deep">
        <ToastSlot>
          <section aria-label="Last action" data-testid="undo-bar">
            Moved 2 messages to trash.
          </section>
        </ToastSlot>
      </div>
    </main>
  );
}

describe('toasts in one place', () => {
  it("shows a feature's own toast and the plain ones in the same region, the plain ones announced", async () => {
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    const region = screen.getByTestId('toast-region');
    // The Undo bar is in the region, not where the page rendered it.
    expect(within(region).getByTestId('undo-bar')).toBeTruthy();
    expect(screen.getByRole('main').querySelector('[data-testid="undo-bar"]')).toBeNull();

    act(() => fireEvent.click(screen.getByRole('button', { name: 'Revoke' })));
    const toast = within(region).getByText('Token revoked');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(document.querySelectorAll('[data-testid="toast-region"]')).toHaveLength(1);
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(within(region).queryByText('Token revoked')).toBeNull();
    expect(within(region).getByTestId('undo-bar')).toBeTruthy();
  });

  it('outside a provider, a slot shows its content where it is rendered', () => {
    render(
      <ToastSlot>
        <p>Sending…</p>
      </ToastSlot>,
    );
    expect(screen.getByText('Sending…')).toBeTruthy();
  });
});
