import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './Button';
import { cx } from './cx';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** `alertdialog` for confirmations of destructive actions: a click on its backdrop does not close it. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/**
 * A modal dialog on the native <dialog> element: showModal() gives the top layer, makes the rest
 * of the page inert (focus cannot leave), closes on Escape and returns focus to the opener, with
 * no injected styles (the app's CSP allows none).
 */
export function Dialog({ open, onClose, title, description, children, footer, size = 'md', role = 'dialog', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires `cancel`; let the parent own the state instead of the element closing itself.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      className={cx(
        'm-auto w-[calc(100%-2rem)] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl',
        SIZES[size],
        className,
      )}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside the inner panel. It closes
        // a dialog, but not an alertdialog: a confirmation wants an explicit answer (WAI-ARIA's
        // alertdialog pattern), and a click meant for one of its buttons can land on the backdrop
        // when the panel shrinks under the pointer (a warning inside it going away), which closed
        // the confirmation and lost its result. Escape, Cancel and Close still close it.
        if (event.target === ref.current && role !== 'alertdialog') onCloseRef.current();
      }}
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <IconButton icon="close" label="Close" className="-mt-1 -mr-2 shrink-0" onClick={() => onCloseRef.current()} />
          </div>
          {description ? (
            <p id={descriptionId} className="mt-1 text-sm text-muted">
              {description}
            </p>
          ) : null}
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
