import { Component, type ReactNode } from 'react';
import { logger } from '../lib/logger.ts';
import { ErrorPage } from './ErrorPage.tsx';

/**
 * Last line of defence around the whole app: a render error outside any route shows the error page with the
 * error's name and detail.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown) {
    logger.error('Unhandled render error', error);
  }

  override render() {
    return this.state.failed ? <ErrorPage kind="generic" error={this.state.error} /> : this.props.children;
  }
}
