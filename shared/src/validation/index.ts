// First: the zod settings apply before any schema is built.
import './zodConfig';
export * from './messageKeys';
export * from './phone';
export * from './text';
export * from './post.schema';
export * from './settings.schema';
export * from './listingContract';
