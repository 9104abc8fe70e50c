import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the page when it failed; `retry` renders the page again. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  /** Told what failed, before the page renders again; a promise holds the new render until it settles. */
  onRetry?: (error: unknown) => void | Promise<void>;
  /** Told once the page failed (its report). */
  onFailure?: (error: unknown) => void;
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
    this.props.onFailure?.(error);
  }

  private isRetrying = false;

  private retry = (): void => {
    if (this.isRetrying) return;
    const renderAgain = () => {
      this.isRetrying = false;
      this.setState((s) => ({ hasFailed: false, error: null, attempt: s.attempt + 1 }));
    };
    const preparing = this.props.onRetry?.(this.state.error);
    if (!preparing) {
      renderAgain();
      return;
    }
    this.isRetrying = true;
    void preparing.then(renderAgain, renderAgain);
  };

  override render(): ReactNode {
    if (this.state.hasFailed) return this.props.fallback(this.retry, this.state.error);
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}
