/** The credential as n8n shows and tests it: the words of the gateway's dashboard, and code 104 explained. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { MessagingGatewayApi } from '../../credentials/MessagingGatewayApi.credentials';
import { API_ERROR_CODES } from '../../nodes/MessagingGateway/core/codes';

const credential = new MessagingGatewayApi();
const everyTsFile = (dir: string): string[] =>
	readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? everyTsFile(join(dir, entry.name))
			: entry.name.endsWith('.ts')
				? [join(dir, entry.name)]
				: [],
	);
const field = (name: string) => credential.properties.find((property) => property.name === name)!;

test('a wrong key or secret (HTTP 401, code 104) is explained as the node explains code 104', () => {
	expect(credential.test.rules).toContainEqual({
		type: 'responseCode',
		properties: { value: 401, message: `Invalid credentials (gateway code 104): ${API_ERROR_CODES['104'].meaning}` },
	});
});

test('the test follows no redirect, and each redirect status (RFC 9110 §15.4) fails it naming the redirect', () => {
	expect(credential.test.request.disableFollowRedirect).toBe(true);
	for (const status of [301, 302, 303, 307, 308]) {
		const rule = credential.test.rules?.find(
			(candidate) => candidate.type === 'responseCode' && candidate.properties.value === status,
		);
		expect(rule?.properties.message).toEqual(expect.stringMatching(new RegExp(`HTTP ${status}, a redirect`)));
	}
});

test('every request the package makes follows the one no-redirect rule: no request options are written without it', () => {
	const sources = ['credentials/MessagingGatewayApi.credentials.ts', ...everyTsFile('nodes')];
	const requesting = sources.filter((file) =>
		/helpers\.(httpRequest|request)\w*|ICredentialTestRequest = /.test(readFileSync(file, 'utf8')),
	);
	expect(requesting.sort()).toEqual([
		'credentials/MessagingGatewayApi.credentials.ts',
		'nodes/MessagingGateway/transport.ts',
		'nodes/MessagingGateway/webhookTrigger/hand-on.ts',
	]);
	for (const file of requesting)
		expect({ file, rule: readFileSync(file, 'utf8').includes('...NO_REDIRECTS') }).toEqual({ file, rule: true });
});

test("the fields name the dashboard's Client ID and Client Secret, and the vendor's other host", () => {
	expect(field('apiKey').description).toContain('Client ID');
	expect(field('apiSecret').description).toContain('Client Secret');
	expect(field('baseUrl').description).toContain('https://api.smstools.com');
	expect(field('baseUrl').default).toBe('https://api.smsgatewayapi.com');
	// A placeholder that could be read as a value set is marked as an example.
	expect(field('accountTimeZone').placeholder).toBe('e.g. Europe/Amsterdam');
});

test('the documentation link names a page, never a #section (n8n appends ?utm_… to it)', () => {
	expect(credential.documentationUrl).toMatch(/\/blob\/main\/docs\/credentials\.md$/);
	expect(credential.documentationUrl).not.toContain('#');
});
