import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Tone } from './Badge';
import { IconButton } from './Button';
import { cx } from './cx';
import { Icon } from './Icon';

export interface ToastInput {
  title: string;
  description?: string;
  tone?: Exclude<Tone, 'neutral' | 'warning'>;
}

interface ToastItem extends ToastInput {
  id: number;
}

interface ToastApi {
  show: (toast: ToastInput) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** Where ToastSlot puts its content: the one toast region's own list. */
const ToastSlotContext = createContext<HTMLElement | null>(null);

/** How long a toast stays unless the user closes it first. */
export const TOAST_DURATION_MS = 6_000;

/**
 * Toasts confirm what just happened ("Token revoked"). They are announced through a polite live
 * region and can be closed; anything the user must act on belongs in the page instead. Every
 * toast of the app is in one place, at the bottom of the screen (centred on a phone, at the right
 * on wider screens): these, and through ToastSlot a feature's own (the Undo bar, "Sending… Undo").
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: ToastInput) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      window.setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      <ToastSlotContext.Provider value={slot}>{children}</ToastSlotContext.Provider>
      <div
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:left-auto sm:w-[30rem] sm:max-w-full sm:items-end"
        data-testid="toast-region"
      >
        {/* A feature's own toasts (they announce themselves), then the plain ones. */}
        <div ref={setSlot} className="flex w-full flex-col items-center gap-2 empty:hidden sm:items-end" />
        <div aria-live="polite" aria-atomic="false" className="flex w-full flex-col items-center gap-2 empty:hidden sm:items-end">
          {toasts.map((toast) => (
            <div key={toast.id} className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-line bg-surface p-4 shadow-lg">
              <Icon
                name={toast.tone === 'danger' ? 'alert' : toast.tone === 'success' ? 'checkCircle' : 'info'}
                className={cx('mt-0.5 shrink-0', toast.tone === 'danger' ? 'text-danger' : toast.tone === 'success' ? 'text-success' : 'text-accent')}
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-fg">{toast.title}</p>
                {toast.description ? <p className="mt-0.5 text-sm text-muted">{toast.description}</p> : null}
              </div>
              <IconButton icon="close" label="Dismiss" className="-m-2 h-8 w-8" onClick={() => dismiss(toast.id)} />
            </div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

/**
 * A feature's own toast (one with buttons and progress, such as the Undo bar), shown in the one
 * toast region with the others. The content is its own live region. Outside a ToastProvider (a
 * component test) it shows where it is rendered, at the bottom of the screen.
 */
export function ToastSlot({ children }: { children: ReactNode }) {
  const slot = useContext(ToastSlotContext);
  if (slot) return createPortal(children, slot);
  return <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">{children}</div>;
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
