import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../i18n/translate';
import { layoutTexts } from './layout/messages';

interface State {
  error: Error | null;
}

/**
 * The root's last line of defence (STYLE.md): a crash shows a way back instead of a blank page. Inside
 * I18nProvider, in the language the app was speaking (translate reads it when the crash renders).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The app crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 24, textAlign: 'center' }}>
        <h1>{translate(layoutTexts, 'layout.error.title')}</h1>
        <p>{this.state.error.message}</p>
        <button type="button" onClick={() => window.location.assign(window.location.pathname)}>
          {translate(layoutTexts, 'layout.error.reload')}
        </button>
      </div>
    );
  }
}
