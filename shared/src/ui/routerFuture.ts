/** React Router v7 behaviour, opted into now, for every router (shell, harness, tests) alike. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
