import { Dialog } from '../../../shared/ui';
import { SHORTCUTS } from '../lib/shortcuts';

/** The "?" list of keyboard shortcuts. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="In a category’s mail, when no text field has the focus.">
      <dl className="divide-y divide-line">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-sm text-fg">{shortcut.description}</dt>
            <dd className="shrink-0">
              <kbd className="inline-flex min-w-8 justify-center rounded-md border border-line-strong bg-surface-2 px-2 py-0.5 font-mono text-sm text-fg shadow-sm">
                {shortcut.label}
              </kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
