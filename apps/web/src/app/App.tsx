import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../shared/api';
import { ToastProvider } from '../shared/ui';
import { AppErrorBoundary } from './AppErrorBoundary';
import { createRoutes } from './router';

export function App() {
  const [router] = useState(() => createBrowserRouter(createRoutes()));
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
