import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
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

/** How long a toast stays unless the user closes it first. */
export const TOAST_DURATION_MS = 6_000;

/**
 * Toasts confirm what just happened ("Token revoked"). They are announced through a polite live
 * region and can be closed; anything the user must act on belongs in the page instead.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
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
      {children}
      <div
        aria-live="polite"
        aria-atomic="false"
        className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-4 sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:items-end"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={cx(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-line bg-surface p-4 shadow-lg',
            )}
          >
            <Icon
              name={toast.tone === 'danger' ? 'alert' : toast.tone === 'success' ? 'checkCircle' : 'info'}
              className={cx(
                'mt-0.5 shrink-0',
                toast.tone === 'danger' ? 'text-danger' : toast.tone === 'success' ? 'text-success' : 'text-accent',
              )}
            />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-fg">{toast.title}</p>
              {toast.description ? <p className="mt-0.5 text-sm text-muted">{toast.description}</p> : null}
            </div>
            <IconButton icon="close" label="Dismiss" className="-m-2 h-8 w-8" onClick={() => dismiss(toast.id)} />
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
