import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the page when it failed; `retry` renders the page again. */
  fallback: (retry: () => void) => ReactNode;
  /** Told what failed, before the page renders again. */
  onRetry?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  hasFailed: boolean;
  error: unknown;
  attempt: number;
}

/** Keeps a failing page inside the page area: header, footer and other routes keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false, error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { hasFailed: true, error };
  }

  override componentDidCatch(error: unknown): void {
    // Seen in the browser console and by the e2e tests; the page itself shows only the translated message.
    console.error('Page failed to load', error);
  }

  private retry = (): void => {
    this.props.onRetry?.(this.state.error);
    this.setState((s) => ({ hasFailed: false, error: null, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.hasFailed) return this.props.fallback(this.retry);
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
