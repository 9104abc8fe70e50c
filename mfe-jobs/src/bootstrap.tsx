import { lazy } from 'react';
import { renderStandalone } from '@tasko/shared/harness';

void renderStandalone('mfe-jobs', [
  { routeId: 'home', Page: lazy(() => import('./pages/HomePage/HomePage')) },
  { routeId: 'tasks', Page: lazy(() => import('./pages/TasksPage/TasksPage')) },
  { routeId: 'job', Page: lazy(() => import('./pages/JobPage/JobPage')) },
  { routeId: 'userProfile', Page: lazy(() => import('./pages/UserProfilePage/UserProfilePage')) },
]);
