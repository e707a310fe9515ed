/** `npm run dev` started as the README says, its printed walk-through followed, then stopped with Ctrl-C. */
const base = require('./jest.config');

module.exports = {
	...base,
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/dev-command.test.ts'],
	testTimeout: 120000,
};
