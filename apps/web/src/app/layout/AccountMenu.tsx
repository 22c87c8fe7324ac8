import * as Popover from '@radix-ui/react-popover';
import type { AuthUser } from '@mailroom/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { greetingName, useSignOut } from '../../features/auth';
import { Button, Icon } from '../../shared/ui';

function initials(user: AuthUser): string {
  const name = greetingName(user);
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters = (parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase();
  return letters || '?';
}

/** The signed-in user's menu: who is signed in, settings, sign out. */
export function AccountMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const { signOut, pending, error } = useSignOut();
  const close = () => setOpen(false);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        // The visible initials are part of the name too (WCAG 2.5.3, label in name).
        aria-label={`${initials(user)}, account: ${user.email}`}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent hover:ring-2 hover:ring-line-strong"
      >
        {initials(user)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Account"
          className="z-40 w-72 rounded-xl border border-line bg-surface p-2 text-fg shadow-xl"
        >
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold">{greetingName(user)}</p>
            <p className="truncate text-sm text-muted">{user.email}</p>
          </div>
          <hr className="my-1 border-line" />
          <nav aria-label="Account">
            <Link to="/dashboard" onClick={close} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-surface-2">
              <Icon name="grid" size={18} className="text-muted" /> Dashboard
            </Link>
            <Link to="/settings" onClick={close} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-surface-2">
              <Icon name="settings" size={18} className="text-muted" /> Settings
            </Link>
          </nav>
          <hr className="my-1 border-line" />
          <Button variant="ghost" icon="logOut" busy={pending} className="w-full justify-start px-3" onClick={() => void signOut()}>
            Sign out
          </Button>
          {error ? (
            <p role="alert" className="px-3 py-1 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
