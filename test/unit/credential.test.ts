/** The credential as n8n shows and tests it: the words of the gateway's dashboard, and code 104 explained. */
import { MessagingGatewayApi } from '../../credentials/MessagingGatewayApi.credentials';
import { API_ERROR_CODES } from '../../nodes/MessagingGateway/core/codes';

const credential = new MessagingGatewayApi();
const field = (name: string) => credential.properties.find((property) => property.name === name)!;

test('a wrong key or secret (HTTP 401, code 104) is explained as the node explains code 104', () => {
	expect(credential.test.rules).toEqual([
		{ type: 'responseCode', properties: { value: 401, message: `Invalid credentials (gateway code 104): ${API_ERROR_CODES['104'].meaning}` } },
	]);
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
