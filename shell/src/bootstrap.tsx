import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, authStore, initI18n, resolveLanguage, startLiveUpdates, themeAtom } from '@tasko/shared';
import { registerFederationWatch } from './app/federation';
import { registerRemotesFromPage } from './app/remotes';
import { App } from './app/App';
import { startClientErrorReports } from './releases/clientErrors';
import { startReleaseChecks } from './releases/tabReleases';
import { tellPageLoads } from './releases/pageLoads';
import { routeAt } from './releases/areas';
import './styles/global.css';

// Before the first render: a failure of the first page counts against its release (docs/releases.md).
startClientErrorReports();
// Before any remote loads: the watch must be in each remote's runtime as it is created.
registerFederationWatch();
registerRemotesFromPage();
startReleaseChecks();
// The script ran: the page's load counts for a canary only now, never for a GET alone (docs/releases.md).
tellPageLoads(['shell', routeAt(window.location.pathname)?.remote ?? 'shell']);
applyTheme(authStore.get(themeAtom));

void initI18n(resolveLanguage(window.location.pathname)).finally(() => {
  const container = document.getElementById('root');
  if (container) {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  // The signed-in member's live events and unread count (docs/deal.md, "Live updates in the browser"): a chunk
  // loaded once the page is idle, and only while someone is signed in; never on a visitor's first visit.
  startLiveUpdates();
});
