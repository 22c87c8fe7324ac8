import { Button, buttonClasses } from './Button';
import { Icon } from './Icon';
import { useDocumentTitle } from './Page';

interface ErrorScreenProps {
  /** The error's message, shown as is so the user can report it. */
  message: string;
  /** Where "back" leads; the landing page by default. */
  homeHref?: string;
}

/**
 * The seed's generic error screen: "Something went wrong", the error's message, and a way back.
 * Used by the route error boundaries (render errors, failed page loads) and the top-level one.
 */
export function ErrorScreen({ message, homeHref = '/' }: ErrorScreenProps) {
  useDocumentTitle('Something went wrong');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24" role="alert">
      <span className="mb-4 inline-flex h-14 w-14 items-center justify-center rounded-full bg-danger-soft text-danger">
        <Icon name="alert" size={28} />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight text-fg">Something went wrong</h1>
      <p className="mt-3 max-w-full rounded-lg bg-surface-2 px-4 py-3 font-mono text-sm break-words text-fg" data-testid="error-message">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A full page load: whatever state led here is left behind. Works outside the router too. */}
        <a href={homeHref} className={buttonClasses('primary')}>
          <Icon name="arrowLeft" size={18} />
          Back to Mailroom
        </a>
        <Button variant="secondary" icon="refresh" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    </div>
  );
}

/** A readable message for anything thrown: Error, a router error response, a string. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, data } = error as { status?: unknown; statusText?: unknown; data?: unknown };
    if (typeof status === 'number') return [status, statusText, typeof data === 'string' ? data : ''].filter(Boolean).join(' ');
  }
  if (typeof error === 'string' && error) return error;
  return 'An unknown error occurred';
}
