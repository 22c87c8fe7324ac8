import { useMemo } from 'react';
import { NavLink, Outlet } from 'react-router';
// Straight from their modules: the mail list and the reply editor stay out of the first page's code.
import { usePriorityMailExtension } from '../../features/inbox';
import { MailExtensionsContext } from '../../features/mail/lib/extensions';
import { InstallBanner } from '../../features/pwa';
import { OutboxProvider } from '../../features/replies/components/OutboxProvider';
import { useReplyMailExtension } from '../../features/replies/mailExtension';
import { useMailboxFreshness } from '../../features/gmail';
import { useDetectTimeZone } from '../../features/settings';
import { CommandPalette, useVoiceMailExtension, VoicePanel, VoiceProvider, VoiceShortcuts } from '../../features/voice';
import { Icon, cx } from '../../shared/ui';
import { AppHeader } from './AppHeader';
import { APP_NAV } from './navigation';
import { SkipLink } from './SkipLink';
import { useFocusMainOnNavigate } from './useFocusOnNavigate';

/** Signed-in pages: header, the app's navigation beside the content on wide screens. */
export function SignedInLayout() {
  useFocusMainOnNavigate();
  // The browser's time zone, until the user chooses one in Settings.
  useDetectTimeZone();
  // New mail (Gmail's push, the demo's live delivery) shows in the open list without a reload.
  useMailboxFreshness();
  // Every mail list gets replies (keys, the reading pane's section); sends are followed app-wide.
  const replies = useReplyMailExtension();
  // Voice: Read aloud and Reply by voice in the reading pane.
  const voice = useVoiceMailExtension();
  // Priority: "Why is this here?" in the reading pane, with feedback that teaches the model.
  const priority = usePriorityMailExtension();
  const mailExtensions = useMemo(() => [priority, replies, voice], [priority, replies, voice]);
  return (
    // Voice commands, spoken or typed (Ctrl+K), on every signed-in page: the mic in the header,
    // the panel saying what was heard and done, the palette, the `v` key.
    <VoiceProvider>
      <div className="flex min-h-screen flex-col">
        <SkipLink />
        <AppHeader variant="app" />
        <div className="flex flex-1">
          <aside className="hidden w-60 shrink-0 border-r border-line bg-surface lg:block">
            <nav aria-label="App" className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto px-3 py-5">
              {APP_NAV.map((section) => (
                <div key={section.label} className="mb-5">
                  <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{section.label}</p>
                  {section.items.map((item) => (
                    <NavLink
                      key={item.to}
                      to={item.to}
                      className={({ isActive }) =>
                        cx(
                          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                          isActive ? 'bg-accent-soft text-accent' : 'text-fg hover:bg-surface-2',
                        )
                      }
                    >
                      <Icon name={item.icon} size={18} />
                      {item.label}
                    </NavLink>
                  ))}
                </div>
              ))}
            </nav>
          </aside>
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <OutboxProvider>
              <MailExtensionsContext value={mailExtensions}>
                <Outlet />
              </MailExtensionsContext>
            </OutboxProvider>
          </main>
        </div>
        <InstallBanner />
        <VoicePanel />
        <CommandPalette />
        <VoiceShortcuts />
      </div>
    </VoiceProvider>
  );
}
