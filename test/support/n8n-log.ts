/**
 * n8n's own logger in the in-process tests, configured as on a server started with
 * `N8N_LOG_LEVEL=debug N8N_LOG_OUTPUT=file N8N_LOG_FILE_LOCATION=…`: n8n-core's engine and error
 * reporter log through it into a file of this test file's own. Import this module before any other
 * that loads n8n-core: n8n reads its configuration once, when it first logs.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitFor } from '../../tools/waits';

const dir = mkdtempSync(join(tmpdir(), 'n8n-log-'));
const file = join(dir, 'n8n.log');
Object.assign(process.env, { N8N_LOG_LEVEL: 'debug', N8N_LOG_OUTPUT: 'file', N8N_LOG_FILE_LOCATION: file });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = () => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** Where the log is now: `logSince` reads what is written after it. */
export const logEnd = () => read().length;

/** The log written after `offset`, once it holds `marker` (n8n's file transport writes asynchronously). */
export async function logSince(offset: number, marker: string): Promise<string> {
	return await waitFor(() => read().slice(offset).includes(marker) && read().slice(offset), {
		what: `"${marker}" in n8n's log`,
		timeoutMs: 10_000,
		intervalMs: 50,
	});
}
