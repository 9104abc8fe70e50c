export * from './apiError';
export * from './client';
