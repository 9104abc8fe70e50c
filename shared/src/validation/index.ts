export * from './messageKeys';
export * from './phone';
export * from './post.schema';
export * from './settings.schema';
