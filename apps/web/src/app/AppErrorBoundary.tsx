import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, messageOf } from '../shared/ui';

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches what the router's boundaries cannot (a provider failing), with the same error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <main className="min-h-screen">
          <ErrorScreen message={messageOf(this.state.error)} />
        </main>
      );
    }
    return this.props.children;
  }
}
