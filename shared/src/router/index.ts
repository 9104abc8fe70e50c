// What the site uses of react-router-dom, and nothing more: the one module through which the shell, the
// remotes and shared import the router (ESLint's no-restricted-imports holds everyone else to it). The
// federation shares this module as the singleton `@tasko/shared/router` (shared/build/createFederatedConfig.cjs),
// not react-router-dom itself: a shared module keeps every export it has, so sharing the package would ship
// all of it (26 kB gz) to every first visit, while through this list only what is named here is built
// (tree-shaken inside the shared chunk; the package declares itself free of side effects). It imports the
// package's public entry, so an upgrade of react-router-dom within its major needs nothing here. Add a name
// here before using it elsewhere.
export {
  BrowserRouter,
  createSearchParams,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, Location, NavigateFunction, NavigateOptions, NavLinkProps, To } from 'react-router-dom';
