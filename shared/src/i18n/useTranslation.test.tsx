import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LISTING_NS } from '../listing/listingNamespace';
import { initI18n, registerNamespace, retryFailedNamespaces } from './i18n';
import { useTranslation } from './useTranslation';

describe('a page whose texts fail to load', () => {
  function Listing() {
    const { t } = useTranslation(LISTING_NS);
    return <p>{t('paging.next')}</p>;
  }

  class Boundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number }> {
    override state = { failed: false, attempt: 0 };
    static getDerivedStateFromError() {
      return { failed: true };
    }
    override render() {
      if (this.state.failed)
        return (
          <button
            type="button"
            onClick={() => {
              retryFailedNamespaces();
              this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));
            }}
          >
            Try again
          </button>
        );
      return (
        <Suspense key={this.state.attempt} fallback={<p>Loading</p>}>
          {this.props.children}
        </Suspense>
      );
    }
  }

  it('goes to the error boundary instead of showing keys, and "Try again" fetches the namespace again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const asked: string[] = [];
    registerNamespace(LISTING_NS, (language) => {
      asked.push(language);
      return asked.length === 1 ? Promise.reject(new Error('offline')) : import(`../locales/${language}/listing.json`);
    });
    await initI18n('he');
    render(
      <Boundary>
        <Listing />
      </Boundary>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('הבא')).toBeInTheDocument();
    expect(screen.queryByText('paging.next')).not.toBeInTheDocument();
    // Hebrew failed, English (the fallback) loaded, then Hebrew once more after "Try again".
    expect(asked).toEqual(['he', 'en', 'he']);
  });
});
