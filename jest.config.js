/** Unit and integration tests: the pure core, the emulator, and the nodes inside n8n-core. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['<rootDir>/test/{unit,integration}/**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	// index.js loads the built core; tests run it against the sources so that no build is needed first.
	moduleNameMapper: { '^\\./dist/nodes/MessagingGateway/core/(.*)$': '<rootDir>/nodes/MessagingGateway/core/$1' },
	// A limit for a test that hangs, not a measure: beside n8n's install in CI, or another build, a test of 1,000 sends
	// can wait for a core (beside the end-to-end lanes too, one worker took 1,058 s). No test sets a shorter one.
	testTimeout: 120000,
	// Every core: jest's default leaves one idle (on this project's 2-core machines, one worker). Each file's servers
	// listen on a port the system picks, so files never meet. The end-to-end configs run in band.
	maxWorkers: '100%',
};
