export * from './languages';
export * from './listing';
export * from './routes';
export * from './storageKeys';
export * from './settings';
export * from './analytics';
export * from './moderation';
export * from './listingSearch';
