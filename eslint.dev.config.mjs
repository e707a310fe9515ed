// Lint rules for the code n8n never loads: the emulator, scripts, tools, tests and benchmarks. They are Node
// programs that must use what n8n's rules forbid in a node (process, fs, child_process, timers, console).
// The package itself (nodes/, credentials/, package.json) is linted by `n8n-node lint` in strict mode with
// n8n's unchanged default config, eslint.config.mjs (scripts/lint-n8n.sh).
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
	{
		files: ['emulator/**/*.ts', 'scripts/**/*.ts', 'tools/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
		extends: [tseslint.configs.recommended],
	},
);
