/** Unit and integration tests: the pure core, the emulator, and the nodes inside n8n-core. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['<rootDir>/test/{unit,integration}/**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	// index.js loads the built core; tests run it against the sources so that no build is needed first.
	moduleNameMapper: { '^\\./dist/nodes/MessagingGateway/core/(.*)$': '<rootDir>/nodes/MessagingGateway/core/$1' },
	testTimeout: 30000,
};
