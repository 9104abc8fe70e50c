import { lazy } from 'react';
import { renderStandalone } from '@tasko/shared/harness';

void renderStandalone('mfe-posting', [
  { routeId: 'postJob', Page: lazy(() => import('./pages/PostJobPage/PostJobPage')) },
  // Without the shell there is no account remote: a one-button sign-in stands in for /login.
  { routeId: 'login', Page: lazy(() => import('./standalone/StandaloneSignIn')) },
]);
