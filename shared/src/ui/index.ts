export * from './Price';
export * from './Prose';
export * from './UserText';
export * from './usePageMeta';
export * from './theme';
export * from './routerFuture';
export * from './RetryPanel';
export * from './Pagination';
