/**
 * Whether a URL points at the emulator itself: a webhook delivered there would make the emulator
 * emit again (`/emulator/webhooks/<type>`), without end. Host names other than `localhost` and this
 * machine's own name are not resolved.
 */
import { hostname, networkInterfaces } from 'node:os';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The IPv4 loopback block, the unspecified addresses, and IPv6 loopback, also IPv4-mapped. */
const LOOPBACK_OR_ANY =
	/^(127(\.\d{1,3}){3}|0\.0\.0\.0|::|::1|::ffff:127(\.\d{1,3}){3}|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})$/i;

function isOwnHost(host: string): boolean {
	const name = host.replace(/^\[|\]$/g, '').toLowerCase();
	if (name === 'localhost' || name.endsWith('.localhost') || name === hostname().toLowerCase()) return true;
	if (LOOPBACK_OR_ANY.test(name)) return true;
	return Object.values(networkInterfaces()).some((addresses) =>
		addresses?.some((address) => address.address.toLowerCase() === name),
	);
}

/** True when `url` reaches the emulator listening on `ownPort`. */
export function isOwnAddress(url: URL, ownPort: number): boolean {
	const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
	return port === ownPort && isOwnHost(url.hostname);
}
