import type { AuthUser } from '@mailroom/contract';
import { NotificationBell } from '../../features/notifications';
import { SearchBox } from '../../features/search';
import { MicButton } from '../../features/voice';
import { AccountMenu } from './AccountMenu';

/*
 * The header's signed-in controls, in a chunk of their own (AppHeader loads this module lazily):
 * a signed-out visitor's first page never downloads the search box, the voice button, the bell
 * or the account menu's popover.
 */

/** The natural-language search box of the app header. */
export function HeaderSearch() {
  return <SearchBox />;
}

/** The microphone (app pages only), the notifications bell and the account menu. */
export function HeaderAccountTools({ user, variant }: { user: AuthUser; variant: 'public' | 'app' }) {
  return (
    <>
      {variant === 'app' ? <MicButton /> : null}
      <NotificationBell appPage={variant === 'app'} />
      <AccountMenu user={user} />
    </>
  );
}
