/**
 * The link between a sent question and the execution waiting for its answer. n8n gives a waiting
 * node a signed resume URL (`{base}webhook-waiting/{executionId}/{nodeId}?signature={64 hex}`); the
 * question's SMS carries its parts in the gateway's `reference`, which comes back in the reply's
 * `isreply.orig_reference` and in the delivery reports' `message.reference`
 * (docs/gateway-api.md#webhook-types). The trigger rebuilds the URL on its own origin from those parts:
 * no host or path is ever taken from an event, so a reference written by anyone else on the account
 * cannot make the trigger call another address.
 *
 * The signature is a bearer secret (whoever has it can answer the question): it is carried in the
 * reference only, and every text the package shows or logs passes through `redactResumeSignatures`.
 */
import { MAX_REFERENCE_LENGTH } from '../sending/rules';
import { explained } from '../error-text';

export interface ResumeTarget {
	executionId: string;
	nodeId: string;
	/** n8n's HMAC of the resume URL's path and query: 64 lower-case hex digits. */
	signature: string;
	/** On a reminder's reference: the message id of the question it reminds of (a reply to it answers that question). */
	questionMessageId?: string;
	/** On a reminder's reference: which reminder of that question it is (1 for the first); absent means 1. */
	reminderRound?: number;
}

/** The path segment n8n serves waiting executions under (n8n's default `N8N_ENDPOINT_WEBHOOK_WAIT`). */
export const WAITING_WEBHOOK_SEGMENT = 'webhook-waiting';
/** Marks a reference as a question's: `n8n-wait:<executionId>:<nodeId>:<signature>`, a reminder's with `:<question's messageid>:<round>`. */
export const RESUME_REFERENCE_PREFIX = 'n8n-wait';

const EXECUTION_ID = /^\d{1,20}$/;
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;
const REFERENCE = /^n8n-wait:(\d{1,20}):([A-Za-z0-9_-]{1,64}):([0-9a-f]{64})(?::([A-Za-z0-9_-]{1,64})(?::([1-9]))?)?$/;
/** A signature inside any text: in a reference, or as a URL's query parameter. */
const SIGNATURE_IN_TEXT = /(n8n-wait:\d{1,20}:[A-Za-z0-9_-]{1,64}:|[?&]signature=)([0-9a-f]{64})/g;
export const REDACTED = '[redacted]';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** The parts of the URL `getSignedResumeUrl()` gave, when it has the shape this package can carry. */
export function parseSignedResumeUrl(url: string): Parsed<ResumeTarget> {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return { ok: false, error: 'n8n gave a resume link that is not a URL' };
	}
	// Node ids are URL-encoded in the link; the ones a reference can carry need no encoding.
	const [segment, executionId, nodeId] = parsed.pathname.split('/').slice(-3);
	const signature = parsed.searchParams.get('signature') ?? '';
	if (segment !== WAITING_WEBHOOK_SEGMENT || [...parsed.searchParams.keys()].join() !== 'signature') {
		return {
			ok: false,
			error: explained(
				`n8n's resume link is not under /${WAITING_WEBHOOK_SEGMENT}/`,
				`It should be under /${WAITING_WEBHOOK_SEGMENT}/ with only a signature: is N8N_ENDPOINT_WEBHOOK_WAIT changed?`,
			),
		};
	}
	if (!EXECUTION_ID.test(executionId))
		return { ok: false, error: 'the execution id in the resume link is not a number' };
	if (!NODE_ID.test(nodeId))
		return {
			ok: false,
			error: explained('the node id in the resume link has characters a reference cannot carry', 'Re-create the node.'),
		};
	if (!SIGNATURE.test(signature)) return { ok: false, error: 'the resume link has no signature of 64 hex digits' };
	return { ok: true, value: { executionId, nodeId, signature } };
}

/** The SMS reference that carries `target`; refused when it would not fit the gateway's 255 characters. */
export function encodeResumeReference(target: ResumeTarget): Parsed<string> {
	const round = target.reminderRound === undefined ? '' : `:${target.reminderRound}`;
	const reminder = target.questionMessageId === undefined ? '' : `:${target.questionMessageId}${round}`;
	const reference = `${RESUME_REFERENCE_PREFIX}:${target.executionId}:${target.nodeId}:${target.signature}${reminder}`;
	if (!REFERENCE.test(reference)) return { ok: false, error: 'the resume link has parts a reference cannot carry' };
	if (reference.length > MAX_REFERENCE_LENGTH) {
		return {
			ok: false,
			error: explained(
				`the reference would have ${reference.length} characters`,
				`The gateway takes at most ${MAX_REFERENCE_LENGTH}.`,
			),
		};
	}
	return { ok: true, value: reference };
}

/** The target a reference names, or undefined for any other reference (a user's own, empty, not text). */
export function decodeResumeReference(reference: unknown): ResumeTarget | undefined {
	if (typeof reference !== 'string') return undefined;
	const match = REFERENCE.exec(reference.trim());
	if (!match) return undefined;
	const target: ResumeTarget = { executionId: match[1], nodeId: match[2], signature: match[3] };
	if (match[4] !== undefined) target.questionMessageId = match[4];
	if (match[5] !== undefined) target.reminderRound = Number(match[5]);
	return target;
}

/**
 * The base URL of this n8n instance, from a webhook URL of its own (`{base}{endpoint}/{webhookId}/{path}`,
 * e.g. the trigger's `{base}webhook/<id>/webhook`): the URL without its last three path segments.
 */
export function instanceBaseUrl(ownWebhookUrl: string): string | undefined {
	let parsed: URL;
	try {
		parsed = new URL(ownWebhookUrl);
	} catch {
		return undefined;
	}
	if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
	const segments = parsed.pathname.split('/');
	if (segments.length < 4) return undefined;
	return `${parsed.origin}${segments.slice(0, -3).join('/')}/`;
}

/** Where to forward an answer to `target`: this instance's waiting webhook, built only from validated parts. */
export function waitingWebhookUrl(ownWebhookUrl: string, target: ResumeTarget): string | undefined {
	const base = instanceBaseUrl(ownWebhookUrl);
	if (
		base === undefined ||
		!EXECUTION_ID.test(target.executionId) ||
		!NODE_ID.test(target.nodeId) ||
		!SIGNATURE.test(target.signature)
	) {
		return undefined;
	}
	const url = `${base}${WAITING_WEBHOOK_SEGMENT}/${target.executionId}/${target.nodeId}?signature=${target.signature}`;
	return isOwnWaitingWebhookUrl(url, ownWebhookUrl) ? url : undefined;
}

/** Whether `url` is a waiting webhook of the instance `ownWebhookUrl` belongs to: same origin and base, n8n's path shape. */
export function isOwnWaitingWebhookUrl(url: string, ownWebhookUrl: string): boolean {
	const base = instanceBaseUrl(ownWebhookUrl);
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return false;
	}
	const location = `${parsed.origin}${parsed.pathname}`;
	if (base === undefined || !location.startsWith(base)) return false;
	const [segment, executionId, nodeId, ...more] = location.slice(base.length).split('/');
	return (
		more.length === 0 &&
		segment === WAITING_WEBHOOK_SEGMENT &&
		EXECUTION_ID.test(executionId ?? '') &&
		NODE_ID.test(nodeId ?? '') &&
		[...parsed.searchParams.keys()].join() === 'signature' &&
		SIGNATURE.test(parsed.searchParams.get('signature') ?? '') &&
		parsed.hash === '' &&
		parsed.username === '' &&
		parsed.password === ''
	);
}

/** `text` with every resume signature (in a reference or a URL) replaced by "[redacted]". */
export function redactResumeSignatures(text: string): string {
	return text.replace(SIGNATURE_IN_TEXT, `$1${REDACTED}`);
}

/**
 * The signatures in a JSON value's texts (a request's body): secrets of that request, which its
 * answer may echo in any form (core/secrets/redact.ts replaces them wherever they appear).
 */
export function resumeSignaturesIn(value: unknown): string[] {
	const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
	return [...new Set(Array.from(text.matchAll(SIGNATURE_IN_TEXT), (match) => match[2]))];
}

/** The string redacted, or a shallow copy of an array or object (its entries are copied next). */
function copyOne(value: unknown): unknown {
	if (typeof value === 'string') return redactResumeSignatures(value);
	if (Array.isArray(value)) return [...value];
	return typeof value === 'object' && value !== null ? { ...value } : value;
}

/**
 * A copy of a JSON value with `redactResumeSignatures` applied to every string in it. Level by level
 * rather than recursive: an event nested thousands of levels deep must not overflow the stack.
 */
export function redactResumeSignaturesDeep<T>(value: T): T {
	const root: Record<string, unknown> = { value };
	const pending: Array<Record<string, unknown>> = [root];
	for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
		for (const key of Object.keys(container)) {
			const copy = copyOne(container[key]);
			container[key] = copy;
			if (typeof copy === 'object' && copy !== null) pending.push(copy as Record<string, unknown>);
		}
	}
	return root.value as T;
}
