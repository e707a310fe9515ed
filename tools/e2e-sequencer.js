/**
 * The order of the end-to-end files in a run: the files named in FIRST lead, in that order, whatever jest remembers;
 * the rest follow in jest's own order (a file that failed last time, then the longest first).
 *
 * Why: a lane runs its files one after the other, and the first file to need the run's shared queue-mode n8n pays its
 * start (about 3 minutes in CI). inbox-trigger-side-by-side waits minutes on n8n's clocks anyway and starts both
 * shared n8n, so leading with it hides that start; when jest's remembered durations put another queue file first, the
 * lane took about 110 s longer (docs/development.md).
 */
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = ['inbox-trigger-side-by-side.test.ts'];

const rank = (test) => {
	const index = FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
	return index === -1 ? FIRST.length : index;
};

class E2eSequencer extends Sequencer {
	sort(tests) {
		// Array.prototype.sort is stable: jest's order holds among files of one rank.
		return super.sort(tests).sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = E2eSequencer;
