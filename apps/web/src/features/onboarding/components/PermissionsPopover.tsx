import * as Popover from '@radix-ui/react-popover';
import { Icon, IconButton } from '../../../shared/ui';
import { CONNECT_SCOPES, LATER_SCOPES, SIGN_IN_SCOPES } from '../scopes';

function ScopeList({ title, scopes }: { title: string; scopes: ReadonlyArray<{ scope: string; why: string }> }) {
  return (
    <div className="mt-3">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <ul className="mt-1.5 space-y-2">
        {scopes.map((s) => (
          <li key={s.scope} className="text-sm">
            <code className="block font-mono text-xs break-all text-fg">{s.scope}</code>
            <span className="text-muted">{s.why}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Which permissions?": the exact scopes asked for and why, before the user clicks Connect. */
export function PermissionsPopover() {
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-accent underline underline-offset-2 hover:no-underline">
        <Icon name="key" size={16} />
        Which permissions does Mailroom ask for?
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Permissions Mailroom asks for"
          className="z-40 max-h-[70vh] w-[min(26rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-line bg-surface p-4 text-fg shadow-xl"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-sm font-semibold">Permissions Mailroom asks for</h2>
            <Popover.Close asChild>
              <IconButton icon="close" label="Close" className="-mt-2 -mr-2 h-8 w-8" />
            </Popover.Close>
          </div>
          <ScopeList title="To sign you in" scopes={SIGN_IN_SCOPES} />
          <ScopeList title="To connect Gmail" scopes={CONNECT_SCOPES} />
          <ScopeList title="Only when you first act on mail" scopes={LATER_SCOPES} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
