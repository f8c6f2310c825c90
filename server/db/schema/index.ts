export * from './users.ts';
export * from './auth.ts';
export * from './profiles.ts';
export * from './engagement.ts';
export * from './documents.ts';
export * from './site.ts';
export * from './audit.ts';
export * from './certificates.ts';
