import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../shared/api';
import { ToastProvider } from '../shared/ui';
import { AppErrorBoundary } from './AppErrorBoundary';
import { createRoutes, preloadMatchedPages } from './router';

export function App() {
  const [router] = useState(() => {
    const created = createBrowserRouter(createRoutes());
    // Each location's page code starts loading as soon as the location is known.
    preloadMatchedPages(created.state.matches);
    created.subscribe((state) => preloadMatchedPages(state.navigation.location ? [] : state.matches));
    return created;
  });
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
