import { Component, type ReactNode } from 'react';
import { logger } from '../../lib/logger.ts';

/**
 * A plot that cannot be drawn (its chunk failed to load, no canvas) leaves the rest of the chart — title,
 * legend, summary — and the page around it in place.
 */
export class PlotErrorBoundary extends Component<
  { children: ReactNode; height: number },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    logger.error('The chart could not be drawn.', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="chart-placeholder chart-failed" style={{ height: this.props.height }}>
        The chart could not be drawn.
      </p>
    );
  }
}
