/**
 * The option Register Webhook Automatically: the trigger's webhookMethods. On activation (and while the editor
 * listens for a test event, with the Test URL) the node's URL is registered with the gateway for its Events, and the
 * registration's id and secret are kept in the workflow's static data; on deactivation that registration, and only
 * it, is removed. The rules of the calls are in core/webhooks/registration.ts. Off: nothing is done (the URL is
 * pasted into the gateway by hand).
 */
import type { IDataObject, IHookFunctions, NodeOperationError } from 'n8n-workflow';

import { isUsableSecret } from '../core/events/signature';
import {
	deleteKeys,
	entryMatches,
	isKeptEntry,
	readCreated,
	readRegistrationList,
	REGISTRATION_PATHS,
	registrationRequest,
	UNAVAILABLE_STATUSES,
	type KeptRegistration,
	type RegistrationEntry,
} from '../core/webhooks/registration';
import { CREDENTIAL_TYPE } from '../constants';
import { operationError } from '../nodeErrors';
import { asNodeError, gatewayList, gatewayRequest } from '../transport';

/** Where the static data keeps the registration this node made. */
const KEPT = 'webhookRegistration';
const MANUAL_SET_UP =
	'https://github.com/OWNER/n8n-nodes-messaging-gateway/blob/main/docs/messaging-gateway-trigger.md#set-up';

/** The registration a node's static data keeps, if any. */
export function keptRegistrationOf(staticData: IDataObject): KeptRegistration | undefined {
	const kept = staticData[KEPT] as KeptRegistration | undefined;
	return kept && typeof kept.url === 'string' ? kept : undefined;
}

export const isAutoRegistering = (ctx: Pick<IHookFunctions, 'getNodeParameter'>) =>
	(ctx.getNodeParameter('options', {}) as { autoRegister?: unknown }).autoRegister === true;

function unavailable(ctx: IHookFunctions, what: string): NodeOperationError {
	return operationError(ctx.getNode(), 'The gateway does not offer webhook registration', {
		description: `${what} Turn off the trigger's option Register Webhook Automatically and put the Production URL in the gateway's webhook settings by hand: ${MANUAL_SET_UP}`,
	});
}

const statusOf = (error: unknown) => Number((error as { httpCode?: unknown }).httpCode);
const codeOf = (error: unknown) => (error as { context?: { code?: unknown } }).context?.code;

/** A list or create call; an answer that says the call does not exist becomes the error that says so. */
async function registrationCall<T>(ctx: IHookFunctions, call: () => Promise<T>, path: string): Promise<T> {
	try {
		return await call();
	} catch (error) {
		const status = statusOf(error);
		throw UNAVAILABLE_STATUSES.includes(status)
			? unavailable(ctx, `It answered HTTP ${status} to ${path}.`)
			: asNodeError(ctx, error, 0);
	}
}

async function listRegistrations(ctx: IHookFunctions): Promise<RegistrationEntry[]> {
	const path = REGISTRATION_PATHS.list;
	const body = await registrationCall(
		ctx,
		async () => await gatewayList.call(ctx, { method: 'GET', path, itemIndex: 0 }),
		path,
	);
	const list = readRegistrationList(body);
	if (!list) throw unavailable(ctx, `Its answer to ${path} is not a list of webhooks.`);
	return list;
}

/** Removes a registration by the first of `keys` the gateway knows; one it knows by none is gone already. */
async function removeRegistration(ctx: IHookFunctions, keys: string[]): Promise<void> {
	for (const key of keys) {
		try {
			const path = `${REGISTRATION_PATHS.delete}${encodeURIComponent(key)}`;
			await gatewayRequest.call(ctx, { method: 'DELETE', path, itemIndex: 0, secrets: [key] });
			return;
		} catch (error) {
			if (statusOf(error) !== 404 && codeOf(error) !== '134') throw asNodeError(ctx, error, 0);
		}
	}
}

/** The node's URL (the Test URL while the editor listens) and what its registration asks for. */
function wanted(ctx: IHookFunctions) {
	const url = ctx.getNodeWebhookUrl('default') ?? '';
	const events = ctx.getNodeParameter('events', []) as string[];
	return { url, request: registrationRequest(url, events) };
}

/**
 * True when the gateway lists exactly one registration for the node's URL, the one this node kept, with its method
 * and events. Otherwise the registrations of the URL (other events, a double, one made by hand for it) and the one
 * this node kept for another URL are removed, and create() registers anew.
 */
export async function registrationExists(ctx: IHookFunctions): Promise<boolean> {
	const { url, request } = wanted(ctx);
	const staticData = ctx.getWorkflowStaticData('node');
	const kept = keptRegistrationOf(staticData);
	const forUrl = (await listRegistrations(ctx)).filter((entry) => entry.webhook_endpoint === url);
	const [only] = forUrl;
	if (kept && forUrl.length === 1 && isKeptEntry(only, kept) && entryMatches(only, request)) return true;
	if (kept && kept.url !== url) await removeRegistration(ctx, deleteKeys(kept));
	for (const entry of forUrl) {
		const keys = kept && isKeptEntry(entry, kept) ? deleteKeys(kept) : entry.id === undefined ? [] : [entry.id];
		await removeRegistration(ctx, keys);
	}
	delete staticData[KEPT];
	return false;
}

/** Registers the node's URL for its events and keeps the answer; fails, leaving nothing registered, without a secret to verify with. */
export async function createRegistration(ctx: IHookFunctions): Promise<boolean> {
	const { url, request } = wanted(ctx);
	if (request.webhook_types.length === 0)
		throw operationError(ctx.getNode(), 'No events to register', {
			description: 'Choose the events that start the workflow in Events.',
		});
	const path = REGISTRATION_PATHS.create;
	const body = await registrationCall(
		ctx,
		async () =>
			await gatewayRequest.call(ctx, { method: 'POST', path, body: { ...request }, itemIndex: 0, readOnly: true }),
		path,
	);
	const created = readCreated(body);
	if (!created) {
		// Whatever it registered cannot be told from a registration made by hand: only the URL names it.
		await removeUnnamed(ctx, url);
		throw unavailable(ctx, `Its answer to ${path} names no webhook id or secret.`);
	}
	if (created.secret === undefined && !(await hasSigningSecret(ctx))) {
		await removeRegistration(ctx, deleteKeys({ url, ...created }));
		throw operationError(ctx.getNode(), 'The gateway gave the new webhook no signing secret', {
			description:
				"So its requests cannot be verified, and nothing was registered. Set the webhook's signing secret in the credential (the gateway's webhook settings show it), or turn off Register Webhook Automatically.",
		});
	}
	ctx.getWorkflowStaticData('node')[KEPT] = { url, ...created };
	return true;
}

async function removeUnnamed(ctx: IHookFunctions, url: string): Promise<void> {
	const list = await listRegistrations(ctx).catch(() => []);
	for (const entry of list.filter((item) => item.webhook_endpoint === url && item.id !== undefined))
		await removeRegistration(ctx, [entry.id!]);
}

async function hasSigningSecret(ctx: IHookFunctions): Promise<boolean> {
	const credentials = await ctx.getCredentials<{ signingSecret?: unknown }>(CREDENTIAL_TYPE);
	return isUsableSecret(credentials.signingSecret);
}

/** Removes the registration this node kept (never another); one the gateway no longer has is not an error. */
export async function deleteRegistration(ctx: IHookFunctions): Promise<boolean> {
	const staticData = ctx.getWorkflowStaticData('node');
	const kept = keptRegistrationOf(staticData);
	if (kept) await removeRegistration(ctx, deleteKeys(kept));
	delete staticData[KEPT];
	return true;
}
