// What the site uses of react-router-dom, and nothing more. The build aliases `react-router-dom` to this
// file, which is the module the federation shares: a shared module keeps every export it has, so sharing
// the package itself would ship all of it (26 kB gz) to every first visit; through this list only what is
// named here is built (tree-shaken inside the shared chunk). Add a name here before using it elsewhere.
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
} from 'react-router-dom/dist/index.js';
export type { LinkProps, Location, NavigateFunction, NavigateOptions, NavLinkProps, To } from 'react-router-dom/dist/index.js';
