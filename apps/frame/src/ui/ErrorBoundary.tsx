import { Component, type ReactNode } from 'react';
import { foyerError } from '@foyer/api';
import { ErrorMessageBox } from './ErrorMessageBox';

/** A widget that crashes (or whose chunk failed to load) shows the catalogue's error, not a blank frame. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Foyer: the widget failed', error);
  }

  render() {
    return this.state.failed ? <ErrorMessageBox error={foyerError('technical_difficulties')} /> : this.props.children;
  }
}
