/**
 * n8n's credential test (the editor's "Test" button, `POST /rest/credentials/test`) in a real n8n, against a
 * Base URL that answers `/v1/auth` with a redirect to another host (docs/credentials.md). Expected: the
 * redirect is not followed — the other host receives nothing, so neither the API key nor the secret — and
 * the test fails with a message naming the redirect, never "Connection successful!".
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Emulator } from '../../emulator/server';
import type { N8nClient } from '../../tools/n8n-client';
import { stopN8nOnExit } from '../../tools/n8n-process';
import type { EmulatorOnN8n } from '../../tools/n8n-with-emulator';
import { sharedN8nWithEmulator } from '../../tools/shared-n8n';

stopN8nOnExit();

let emulator: Emulator;
let n8n: EmulatorOnN8n['n8n'];
let client: N8nClient;
let stop: (() => Promise<void>) | undefined;
let credentialId: string;
/** What the redirect's target received: every request's headers. */
const received: IncomingHttpHeaders[] = [];
let target: Server;
let redirecting: Server;
let status = 302;

const listen = async (server: Server) => {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
	({ emulator, n8n, client, stop } = await sharedN8nWithEmulator());
	target = createServer((request, response) => {
		received.push(request.headers);
		response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
	});
	const targetPort = await listen(target);
	// Another host than the Base URL's: "localhost" where the Base URL says 127.0.0.1.
	redirecting = createServer((request, response) =>
		response.writeHead(status, { Location: `http://localhost:${targetPort}${request.url}` }).end(),
	);
	const port = await listen(redirecting);
	credentialId = await client.createCredential('Redirected account', {
		baseUrl: `http://127.0.0.1:${port}`,
		apiKey: emulator.account.apiKey,
		apiSecret: emulator.account.apiSecret,
	});
}, 900_000);

afterAll(async () => {
	await stop?.();
	await Promise.all([target, redirecting].map((server) => new Promise((resolve) => server?.close(resolve))));
});

const onN8n1 = process.env.N8N_VERSION?.startsWith('1.') ?? false;

async function testCredential(baseUrl: string): Promise<{ status: string; message: string }> {
	const response = await fetch(`${n8n.url}/rest/credentials/test`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', cookie: client.cookie },
		body: JSON.stringify({
			credentials: {
				id: credentialId,
				name: 'Redirected account',
				type: 'messagingGatewayApi',
				data: { baseUrl, apiKey: emulator.account.apiKey, apiSecret: emulator.account.apiSecret },
			},
		}),
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: { status: string; message: string } }).data;
}

test.each([302, 307, 301, 308])(
	'a Base URL answering %i to another host: the test fails naming the redirect, and the other host receives nothing',
	async (code) => {
		status = code;
		received.length = 0;
		const result = await testCredential(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`);
		expect(received).toEqual([]);
		expect(result.status).toBe('Error');
		if (onN8n1) {
			// n8n 1.x applies no response rule of a credential test: its own message names the status.
			expect(result.message).toBe(`Request failed with status code ${code}`);
		} else {
			expect(result.message).toContain(`HTTP ${code}`);
			expect(result.message).toContain('redirect');
		}
	},
);

test('the same credential on the gateway itself still passes', async () => {
	expect(await testCredential(emulator.url)).toEqual({ status: 'OK', message: 'Connection successful!' });
});
