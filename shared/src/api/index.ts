export * from './apiError';
export * from './client';
export * from './useRemoteData';
