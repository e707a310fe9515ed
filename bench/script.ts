/**
 * A bench run as a script (`ts-node bench/x.ts`): the n8n processes and queue stacks it starts stop when it ends,
 * and a failure prints its error and exits non-zero, so a bench that cannot complete never looks like a result.
 */
import { stopN8nOnExit } from '../tools/n8n-process';
import { stopQueueStacksOnExit } from '../tools/queue-stack';

export function runBenchScript(main: () => Promise<void>): void {
	stopN8nOnExit();
	stopQueueStacksOnExit();
	main().catch((error: unknown) => {
		console.error(error);
		process.exit(1);
	});
}
