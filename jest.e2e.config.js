/** End-to-end tests: a real n8n (installed once into a cache folder) with the packed package. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': 'ts-jest' },
	testTimeout: 120000,
};
