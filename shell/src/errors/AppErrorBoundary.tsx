import { Component, type ReactNode } from 'react';
import { SomethingWentWrong } from './ErrorPanels';

/** The last line: a render error in the shell itself. Pages have their own boundary inside the layout. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? <SomethingWentWrong /> : this.props.children;
  }
}
