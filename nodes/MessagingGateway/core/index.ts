/** The pure core: no n8n import, no I/O. Shared by the nodes, the emulator, the tests and index.js. */
export * from './codes';
export * from './events';
export * from './payloads';
export * from './phone';
export * from './schedule';
export * from './segments';
export * from './signature';
export * from './send';
export * from './concurrency';
export * from './countries';
export * from './rules';
export * from './redact';
export * from './format';
export * from './senderids';
export * from './voice';
export * from './batch';
