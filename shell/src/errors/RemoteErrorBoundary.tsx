import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the page when it failed; `retry` renders the page again. */
  fallback: (retry: () => void) => ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}

interface State {
  hasFailed: boolean;
  attempt: number;
}

/** Keeps a failing page inside the page area: header, footer and other routes keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown): void {
    // Seen in the browser console and by the e2e tests; the page itself shows only the translated message.
    console.error('Page failed to load', error);
  }

  private retry = (): void => {
    this.props.onRetry?.();
    this.setState((s) => ({ hasFailed: false, attempt: s.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.hasFailed) return this.props.fallback(this.retry);
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
