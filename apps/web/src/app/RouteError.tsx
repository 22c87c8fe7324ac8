import { useRouteError } from 'react-router';
import { ErrorScreen, messageOf } from '../shared/ui';

/** Route error boundary: render errors and failed page loads (a lazy chunk that would not load). */
export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen message={messageOf(error)} />;
}

/** The outermost boundary, when even the layout failed: the same screen on its own. */
export function RootRouteError() {
  const error = useRouteError();
  return (
    <main className="min-h-screen">
      <ErrorScreen message={messageOf(error)} />
    </main>
  );
}
