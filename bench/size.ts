/**
 * Every bench's small mode, in this one place: `BENCH_SMALL=1` or `--small` runs a bench at tiny sizes, in seconds,
 * printed and never written to bench/RESULTS.md. `npm test` runs the in-process benches this way
 * (test/integration/bench-small.test.ts) and `.ci/run`'s end-to-end lanes the ones of real n8n and `bench/numbers.ts`
 * (test/e2e/bench-small.test.ts), so a bench that can no longer complete what it measures fails there. Read once,
 * when a bench is loaded: a test sets the variable before it imports one.
 */
export const SMALL = process.env.BENCH_SMALL === '1' || process.argv.includes('--small');

/** `full` in a measuring run, `small` in the small mode. */
export const sized = <T>(full: T, small: T): T => (SMALL ? small : full);
