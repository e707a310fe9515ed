/** The code's format (`npm run format`; `npm run lint` checks it): n8n-nodes-starter's settings, 120 columns. */
module.exports = {
	semi: true,
	trailingComma: 'all',
	bracketSpacing: true,
	useTabs: true,
	tabWidth: 2,
	arrowParens: 'always',
	singleQuote: true,
	quoteProps: 'as-needed',
	endOfLine: 'lf',
	printWidth: 120,
};
