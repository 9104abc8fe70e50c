export * from './authBus';
export * from './authStore';
export * from './loginTarget';
