import { lazy } from 'react';
import { renderStandalone } from '@tasko/shared/harness';

void renderStandalone('mfe-content', [
  { routeId: 'teenJobs', Page: lazy(() => import('./pages/TeenJobsPage/TeenJobsPage')) },
  { routeId: 'temporaryWork', Page: lazy(() => import('./pages/TemporaryWorkPage/TemporaryWorkPage')) },
  { routeId: 'about', Page: lazy(() => import('./pages/AboutPage/AboutPage')) },
  { routeId: 'contact', Page: lazy(() => import('./pages/ContactPage/ContactPage')) },
  { routeId: 'faq', Page: lazy(() => import('./pages/FaqPage/FaqPage')) },
  { routeId: 'privacy', Page: lazy(() => import('./pages/PrivacyPolicyPage/PrivacyPolicyPage')) },
  { routeId: 'eula', Page: lazy(() => import('./pages/EulaPage/EulaPage')) },
  { routeId: 'aiInfo', Page: lazy(() => import('./pages/AiInfoPage/AiInfoPage')) },
  { routeId: 'blogs', Page: lazy(() => import('./pages/BlogsPage/BlogsPage')) },
  { routeId: 'blog', Page: lazy(() => import('./pages/BlogPage/BlogPage')) },
]);
