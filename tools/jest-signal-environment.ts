/**
 * The end-to-end tests' environment: jest's Node environment, plus Ctrl-C and SIGTERM that stop what
 * a test file started. Jest gives each test file a `process` of its own; a signal to the jest process
 * reaches neither it nor the listeners put on it (stopN8nOnExit, stopQueueStacksOnExit, a browser's),
 * so jest died at once and left n8n, its task runners, Redis and Postgres running. Here a SIGINT or
 * SIGTERM to jest runs the test file's `exit` listeners (which stop everything it started, by PID),
 * then ends jest as the signal would have (exit code 128 + the signal's number).
 */
import NodeEnvironment from 'jest-environment-node';

const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;
type Signal = keyof typeof SIGNALS;

export default class SignalStoppingEnvironment extends NodeEnvironment {
	private readonly onSignal = (signal: Signal) => {
		const code = 128 + SIGNALS[signal];
		process.stderr.write(`\n[e2e] ${signal}: stopping what the test file started\n`);
		try {
			this.global.process.emit('exit', code);
		} finally {
			process.exit(code);
		}
	};

	async setup(): Promise<void> {
		await super.setup();
		for (const signal of Object.keys(SIGNALS) as Signal[]) process.on(signal, this.onSignal);
	}

	async teardown(): Promise<void> {
		for (const signal of Object.keys(SIGNALS) as Signal[]) process.off(signal, this.onSignal);
		await super.teardown();
	}
}
