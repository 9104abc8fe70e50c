import { Route } from '@tasko/shared/router';
import { LANGUAGE_CODES, PAGE_ROUTES } from '@tasko/shared';
import { RoutePage } from './RoutePage';
import { NotFound } from '../errors/ErrorPanels';

/** Every page bare and under each language prefix (docs/product.md#routes), from the one route table in shared/. */
export function pageRoutes() {
  const prefixes = ['', ...LANGUAGE_CODES.map((code) => `/${code}`)];
  return [
    ...PAGE_ROUTES.flatMap((route) =>
      route.paths.flatMap((path) =>
        prefixes.map((prefix) => {
          const full = prefix && path === '/' ? prefix : `${prefix}${path}`;
          return <Route key={full} path={full} element={<RoutePage route={route} />} />;
        }),
      ),
    ),
    <Route key="*" path="*" element={<NotFound />} />,
  ];
}
