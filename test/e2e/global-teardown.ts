/** After the end-to-end tests: the run's shared n8n and shared queue-mode n8n stopped, their folder removed (tools/shared-n8n.ts, tools/shared-queue.ts). */
import { stopSharedN8n } from '../../tools/shared-n8n';
import { stopSharedQueue } from '../../tools/shared-queue';

export default async function globalTeardown() {
	const dir = process.env.E2E_SHARED_N8N_DIR;
	if (dir === undefined) return;
	await stopSharedQueue(dir);
	await stopSharedN8n(dir);
}
