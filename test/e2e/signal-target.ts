/**
 * Not a test of its own (the e2e run matches *.test.ts only): runner-signals.test.ts runs this file with
 * `npm run test:e2e` and stops the run while the n8n started here runs.
 */
import { ensureN8n } from '../../tools/n8n-install';
import { startN8n, stopN8nOnExit, type N8nServer } from '../../tools/n8n-process';

stopN8nOnExit();

let n8n: N8nServer | undefined;

afterAll(async () => {
	await n8n?.stop();
});

test('n8n runs until the run is stopped', async () => {
	n8n = await startN8n(ensureN8n());
	process.stderr.write(`[signal-target] n8n ${n8n.process.pid} runs\n`);
	// Until the signal ends the run; a run left alone fails here after ten minutes.
	await new Promise((resolve) => setTimeout(resolve, 600_000));
	throw new Error('the run was not stopped');
}, 660_000);
