/** After the end-to-end tests: the run's shared n8n stopped and its folder removed (tools/shared-n8n.ts). */
import { stopSharedN8n } from '../../tools/shared-n8n';

export default async function globalTeardown() {
	const dir = process.env.E2E_SHARED_N8N_DIR;
	if (dir !== undefined) await stopSharedN8n(dir);
}
