import { Component, type ReactNode } from 'react';
import { logger } from '../lib/logger.ts';
import { ErrorPage } from './ErrorPage.tsx';

/** Last line of defence around the whole app: a render error outside any route shows the error page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    logger.error('Unhandled render error', error);
  }

  override render() {
    return this.state.failed ? <ErrorPage kind="generic" /> : this.props.children;
  }
}
