/** End-to-end tests: a real n8n (installed once into a cache folder) with the packed package. */
const base = require('./jest.config');

module.exports = {
	...base,
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.test.ts'],
	testTimeout: 120000,
};
