import { Outlet } from 'react-router';
import { InstallBanner } from '../../features/pwa';
import { AppHeader } from './AppHeader';
import { Footer } from './Footer';
import { SkipLink } from './SkipLink';
import { useFocusMainOnNavigate } from './useFocusOnNavigate';

/** Public pages: header, content, footer. */
export function PublicLayout() {
  useFocusMainOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <AppHeader variant="public" />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <InstallBanner />
    </div>
  );
}
