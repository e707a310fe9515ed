/**
 * The gateway's webhook registration calls (core/webhooks/registration.ts; docs/emulator.md#webhook-registration):
 * list, create (answered with an `id` and a `secret`, with which that registration's deliveries are signed) and
 * delete by secret or id (134 for neither). Registrations made here and through `POST /emulator/webhooks` share one
 * list, as a gateway's dashboard and API would. The setting `webhookApi: false` makes all three answer 404, as a
 * gateway without the API.
 */
import { randomBytes } from 'node:crypto';

import type { RegistrationEntry } from '../../nodes/MessagingGateway/core/webhooks/registration';
import type { WebhookEndpoint } from '../dispatch';
import { apiError, HttpError, parseApiBody } from '../http';
import type { State } from '../state';
import type { ApiCall } from './api-call';
import { readEndpoint } from './control-input';

type Answer = { status: number; body: unknown };
/** The control API's names of an endpoint's fields (its checks' messages name them), as this API names them. */
const API_FIELDS: Record<string, string> = {
	url: 'webhook_endpoint',
	method: 'webhook_method',
	types: 'webhook_types',
};

/** What an unknown path answers (routes/api.ts): a gateway without the API. */
function assertOffered(state: State) {
	if (!state.settings.webhookApi) throw new HttpError(404, { error: 'not found' });
}

const entryOf = (endpoint: WebhookEndpoint): RegistrationEntry => ({
	id: endpoint.id,
	webhook_endpoint: endpoint.url,
	webhook_method: endpoint.method,
	webhook_types: endpoint.types,
});

export function listWebhooks({ state }: ApiCall): Answer {
	assertOffered(state);
	return { status: 200, body: state.endpoints.map(entryOf) };
}

export function createWebhook({ raw, req, state }: ApiCall): Answer {
	assertOffered(state);
	const body = parseApiBody(raw);
	let endpoint: WebhookEndpoint;
	try {
		endpoint = readEndpoint(
			{ url: body.webhook_endpoint, method: body.webhook_method, types: body.webhook_types },
			state.nextId('endpoint'),
			req.socket.localPort ?? 0,
		);
	} catch (error) {
		const text = ((error as HttpError).body as { error: string }).error;
		throw apiError(
			'105',
			`Invalid request: ${text.replace(/"(url|method|types)"/, (_, field: string) => `"${API_FIELDS[field]}"`)}`,
		);
	}
	const registered = { ...endpoint, secret: `whsec_${randomBytes(24).toString('hex')}` };
	state.endpoints.push(registered);
	return { status: 200, body: { ...entryOf(registered), secret: registered.secret } };
}

export function deleteWebhook({ params: [key], state }: ApiCall): Answer {
	assertOffered(state);
	const index = state.endpoints.findIndex((endpoint) => endpoint.secret === key || endpoint.id === key);
	if (index < 0) throw apiError('134', 'Webhook ID not found', 404);
	const [removed] = state.endpoints.splice(index, 1);
	return { status: 200, body: { success: true, id: removed.id } };
}
