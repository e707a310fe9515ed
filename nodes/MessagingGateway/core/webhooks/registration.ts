/**
 * Webhook registration through the gateway's API (docs/messaging-gateway-trigger.md#register-webhook-automatically;
 * assumed from one third-party client, certainty C): `GET /v1/webhook/endpoint-list`, `POST /v1/webhook/create`
 * `{webhook_endpoint, webhook_method, webhook_types}` answered with `secret` (and an `id`), `DELETE /v1/webhook/{secret}`
 * (that client's README says by id). What a request holds, how a registration is recognised in the list, and which
 * answers mean that the gateway does not offer the API. Shared by the trigger and the emulator.
 */
import { isObject } from '../objects';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from '../events/events';

export const REGISTRATION_PATHS = {
	list: '/v1/webhook/endpoint-list',
	create: '/v1/webhook/create',
	/** Followed by the registration's secret or id. */
	delete: '/v1/webhook/',
} as const;

/** The method a registration asks the gateway to call with: a JSON body, which the trigger reads whole. */
export const REGISTERED_METHOD = 'POST';

/** HTTP statuses of a list or create call that mean the gateway has no such call. */
export const UNAVAILABLE_STATUSES: readonly number[] = [404, 405];

/** The body of `POST /v1/webhook/create`, and of an entry of the list. */
export interface RegistrationRequest {
	webhook_endpoint: string;
	webhook_method: 'POST' | 'GET';
	webhook_types: string[];
}

/** An entry of the list: the request's fields, and the registration's `id` when the gateway names it. */
export interface RegistrationEntry extends RegistrationRequest {
	id?: string;
}

/** What the trigger keeps of a registration it made: the gateway's answer, and the URL it was made for. */
export interface KeptRegistration {
	url: string;
	id?: string;
	secret?: string;
}

/** The types a selection stands for: `*` is every type of the gateway's list (gateway-api.md §6), in its order. */
export function registrationTypes(selected: readonly string[]): string[] {
	if (selected.includes(ALL_EVENTS)) return WEBHOOK_EVENT_TYPES.map((type) => type.value);
	return WEBHOOK_EVENT_TYPES.map((type) => type.value as string).filter((value) => selected.includes(value));
}

export function registrationRequest(url: string, selected: readonly string[]): RegistrationRequest {
	return { webhook_endpoint: url, webhook_method: REGISTERED_METHOD, webhook_types: registrationTypes(selected) };
}

const idText = (id: unknown) =>
	(typeof id === 'string' && id !== '') || typeof id === 'number' ? String(id) : undefined;

/** One entry of the list, or undefined when it lacks the documented fields. */
function readEntry(entry: unknown): RegistrationEntry | undefined {
	if (!isObject(entry)) return undefined;
	const { webhook_endpoint: url, webhook_method: method, webhook_types: types } = entry;
	if (typeof url !== 'string' || !Array.isArray(types) || !types.every((type) => typeof type === 'string'))
		return undefined;
	const id = idText(entry.id);
	return {
		webhook_endpoint: url,
		webhook_method: method === 'GET' ? 'GET' : 'POST',
		webhook_types: types as string[],
		...(id === undefined ? {} : { id }),
	};
}

/**
 * The list's entries: a JSON list, or an object holding one list (`{data: [...]}`); undefined when the answer is
 * neither or an entry lacks the documented fields (the gateway does not offer the API as assumed).
 */
export function readRegistrationList(body: unknown): RegistrationEntry[] | undefined {
	const lists = Array.isArray(body) ? [body] : isObject(body) ? Object.values(body).filter(Array.isArray) : [];
	if (lists.length !== 1) return undefined;
	const entries = (lists[0] as unknown[]).map(readEntry);
	return entries.every((entry) => entry !== undefined) ? (entries as RegistrationEntry[]) : undefined;
}

/** The id and secret of a create's answer (at its top or under `data`); undefined when it names neither. */
export function readCreated(body: unknown): { id?: string; secret?: string } | undefined {
	const answer = isObject(body) && isObject(body.data) ? body.data : body;
	if (!isObject(answer)) return undefined;
	const id = idText(answer.id);
	const secret = typeof answer.secret === 'string' && answer.secret.trim() !== '' ? answer.secret : undefined;
	if (id === undefined && secret === undefined) return undefined;
	return { ...(id === undefined ? {} : { id }), ...(secret === undefined ? {} : { secret }) };
}

const sameTypes = (a: readonly string[], b: readonly string[]) =>
	registrationTypes(a).join() === registrationTypes(b).join() && a.length > 0;

/** Whether an entry is what `request` asks for: the same URL, method and types (`*` and every type alike). */
export function entryMatches(entry: RegistrationEntry, request: RegistrationRequest): boolean {
	return (
		entry.webhook_endpoint === request.webhook_endpoint &&
		entry.webhook_method === request.webhook_method &&
		sameTypes(entry.webhook_types, request.webhook_types)
	);
}

/** Whether an entry is the registration `kept` names: its id when both have one, else its URL. */
export function isKeptEntry(entry: RegistrationEntry, kept: KeptRegistration): boolean {
	if (entry.webhook_endpoint !== kept.url) return false;
	return entry.id === undefined || kept.id === undefined || entry.id === kept.id;
}

/** What a delete names, in the order to try: the secret (the client's code), then the id (its README). */
export function deleteKeys(kept: KeptRegistration): string[] {
	return [kept.secret, kept.id].filter((key): key is string => key !== undefined);
}
