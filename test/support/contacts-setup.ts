/** Shared setup of contacts.test.ts and contacts-groups.test.ts: one emulator for the file, reset before each test; resource locators and the API requests it received. */
import { useEmulator } from './emulator';
import { emulatorClient } from './emulator-client';

export const gateway = useEmulator();
export const { control } = emulatorClient(() => gateway.emulator);
export const apiRequests = () =>
	gateway.emulator.requests.map((request) => ({
		method: request.method,
		path: request.path,
		body: request.body === '' ? undefined : JSON.parse(request.body),
	}));
export const byList = (value: string) => ({ __rl: true, mode: 'list', value });
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });
export const createContact = (fields: Record<string, unknown> = {}) => ({
	resource: 'contact',
	operation: 'create',
	phone: '={{ $json.phone }}',
	groupId: byList('4821'),
	...fields,
});

beforeEach(() => control('POST', '/emulator/reset'));
