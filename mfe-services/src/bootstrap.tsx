import { lazy } from 'react';
import { renderStandalone } from '@tasko/shared/harness';

void renderStandalone('mfe-services', [{ routeId: 'services', Page: lazy(() => import('./pages/ServicesPage/ServicesPage')) }]);
