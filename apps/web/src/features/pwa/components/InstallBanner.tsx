import { Button, Icon } from '../../../shared/ui';
import { useInstallBanner } from '../hooks/useInstallBanner';

/** "Install Mailroom": offered 3 s after the browser allows it; "Not now" keeps it away for 7 days. */
export function InstallBanner() {
  const { visible, install, notNow } = useInstallBanner();
  if (!visible) return null;
  return (
    <section
      aria-label="Install Mailroom"
      className="fixed inset-x-3 bottom-3 z-30 mx-auto flex max-w-xl flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-xl sm:flex-row sm:items-center"
      data-testid="install-banner"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent">
          <Icon name="smartphone" />
        </span>
        <div className="min-w-0">
          <h2 className="text-sm font-semibold text-fg">Install Mailroom</h2>
          <p className="text-sm text-muted">Open it from your home screen or dock, in its own window.</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="ghost" onClick={notNow} className="flex-1 sm:flex-none">
          Not now
        </Button>
        <Button onClick={() => void install()} icon="download" className="flex-1 sm:flex-none">
          Install
        </Button>
      </div>
    </section>
  );
}
