/**
 * Debian packages the tests install when they are missing (root only): Chromium for the editor test,
 * Redis and Postgres for queue mode. Two test runs side by side (CI's two n8n lanes) may both find a
 * package missing at once: each install holds one lock file, so the second waits for the first and
 * then finds its package there; apt's own lock is waited for too, for any other apt run.
 */
import { execFileSync, type StdioOptions } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK = join(tmpdir(), 'n8n-nodes-messaging-gateway-apt.lock');

/** `apt-get update` then `apt-get install -y PACKAGES`, one such install on the machine at a time. */
export function aptInstall(packages: string[], stdio: StdioOptions, extra: string[] = []): void {
	const apt = 'apt-get -o DPkg::Lock::Timeout=600';
	const script = `${apt} update ${extra.join(' ')} && ${apt} install -y ${extra.join(' ')} ${packages.join(' ')}`;
	execFileSync('flock', [LOCK, 'sh', '-c', script], {
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		stdio,
	});
}
