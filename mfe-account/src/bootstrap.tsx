import { lazy } from 'react';
import { renderStandalone } from '@tasko/shared/harness';

void renderStandalone('mfe-account', [
  { routeId: 'login', Page: lazy(() => import('./pages/LoginPage/LoginPage')) },
  { routeId: 'authCallback', Page: lazy(() => import('./pages/AuthCallbackPage/AuthCallbackPage')) },
  { routeId: 'myPostedJobs', Page: lazy(() => import('./pages/MyPostedJobsPage/MyPostedJobsPage')) },
  { routeId: 'myApplications', Page: lazy(() => import('./pages/MyApplicationsPage/MyApplicationsPage')) },
  { routeId: 'settings', Page: lazy(() => import('./pages/SettingsPage/SettingsPage')) },
  { routeId: 'moderation', Page: lazy(() => import('./pages/ModerationPage/ModerationPage')) },
  { routeId: 'unsubscribe', Page: lazy(() => import('./pages/UnsubscribePage/UnsubscribePage')) },
  { routeId: 'messages', Page: lazy(() => import('./pages/MessagesPage/MessagesPage')) },
  { routeId: 'conversation', Page: lazy(() => import('./pages/ConversationPage/ConversationPage')) },
]);
