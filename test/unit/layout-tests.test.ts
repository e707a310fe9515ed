/**
 * The test kit's rule: tests talk to an emulator and read n8n's executions through the one client in
 * test/support/emulator-client.ts. No test file outside test/support/ defines its own control helper
 * (a function or constant named control, controlCall, controlAnswer, emulatorControl, executionsOf or
 * executionsNamed) or fetches the emulator's control API (/emulator, emulator/routes/control.ts) itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const TEST = join(ROOT, 'test');
const SUPPORT = join(TEST, 'support');

/** Every .ts file below test/ but test/support/ and this one, tracked or not (a new file counts at once). */
function testFiles(folder = TEST): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return path === SUPPORT ? [] : testFiles(path);
		return entry.name.endsWith('.ts') && path !== __filename ? [path] : [];
	});
}

const HELPER_NAMES = 'control|controlCall|controlAnswer|emulatorControl|executionsOf|executionsNamed';
/** `function control(`, `const control = (…) =>`, `let executionsOf = async function`: a definition, not a use or a type. */
const OWN_HELPER = new RegExp(
	`(?:\\bfunction\\s+(?:${HELPER_NAMES})\\s*[(<])|(?:\\b(?:const|let|var)\\s+(?:${HELPER_NAMES})\\s*(?::[^=;\\n]+)?=\\s*(?:async\\s*)?(?:\\(|function\\b|[A-Za-z_$][\\w$]*\\s*=>))`,
);
/** A fetch whose URL names the control API: `/emulator` then `/`, `?` or the URL's end. */
const CONTROL_FETCH = /\bfetch\(\s*[`'"][^`'"]*\/emulator(?:[/?`'"])/;

const offences = (pattern: RegExp) =>
	testFiles()
		.filter((path) => pattern.test(readFileSync(path, 'utf8')))
		.map((path) => relative(ROOT, path));

test('the rule reads the test files and finds the one client', () => {
	expect(testFiles().length).toBeGreaterThan(50);
	expect(readFileSync(join(SUPPORT, 'emulator-client.ts'), 'utf8')).toMatch(OWN_HELPER);
});

test('no test file outside test/support/ defines its own emulator control or executions helper', () => {
	expect(offences(OWN_HELPER)).toEqual([]);
});

test("no test file outside test/support/ fetches the emulator's control API itself", () => {
	expect(offences(CONTROL_FETCH)).toEqual([]);
});
