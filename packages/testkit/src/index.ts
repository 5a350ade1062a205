export * from './factories';
export * from './demo-data';
export * from './fake-server';
export * from './fake-discord';
export * from './fake-roblox';
export * from './fake-line';
export * from './fake-s3';
