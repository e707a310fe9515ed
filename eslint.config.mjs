// n8n's own community-node rules (as @n8n/node-cli ships them) for what n8n loads: nodes/,
// credentials/ and package.json. Everything else (emulator, scripts, tests) gets plain TypeScript rules.
import { config as n8nCommunityConfig } from '@n8n/node-cli/eslint';
import tseslint from 'typescript-eslint';

const PACKAGE_CODE = ['nodes/**/*.ts', 'credentials/**/*.ts'];

const scoped = n8nCommunityConfig.map((entry) =>
	entry.files?.length === 1 && entry.files[0] === '**/*.ts' ? { ...entry, files: PACKAGE_CODE } : entry,
);

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
	...scoped,
	{
		files: ['emulator/**/*.ts', 'scripts/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
		extends: [tseslint.configs.recommended],
	},
);
