/** End-to-end tests: a real n8n (installed once into a cache folder) with the packed package. */
const base = require('./jest.config');

module.exports = {
	...base,
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	// `npm run dev` as a user runs it has its own config (jest.dev.config.js).
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/dev-command.test.ts$'],
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
	// SIGINT and SIGTERM stop the n8n, Redis and Postgres a test file started (tools/jest-signal-environment.ts).
	testEnvironment: '<rootDir>/tools/jest-signal-environment.ts',
	testTimeout: 120000,
	// Which file leads a lane: tools/e2e-sequencer.js.
	testSequencer: '<rootDir>/tools/e2e-sequencer.js',
	// A file whose set-up timed out can leave an n8n or a browser its afterAll never got to stop, and jest then waits
	// for it forever (seen once in CI, after a first n8n install outlasted a beforeAll). The run ends when its tests
	// have; the exit handlers (tools/n8n-process.ts, tools/queue-stack.ts) stop what is left.
	forceExit: true,
};
