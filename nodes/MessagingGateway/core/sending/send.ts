/**
 * Builds the body of a send request (`POST /v1/message/send`, and the voice call's) from the values
 * the node's parameters resolved to, refusing bad input before anything is sent. Values come from
 * expressions, so every one is checked for its type first: `undefined`, `null`, objects and arrays
 * never become text such as "undefined" or "[object Object]".
 *
 * The gateway's rules for a send only (docs/gateway-api.md#send-sms): how the node runs sends (options,
 * batching, concurrency, output) lives beside the operations in actions/message/send/.
 */
import { readGroupId } from '../contacts/group';
import type { Country } from '../numbers/countries';
import { readRecipients, type NumberRule } from '../numbers/phone';
import { MAX_REFERENCE_LENGTH, messageLengthProblem, senderProblem, showsNothing } from './rules';
import { dateValueText, formatScheduleDate } from './schedule';
import { countSegments, type SegmentCount } from './segments';
import { got } from '../values';

/** Send SMS's call (docs/gateway-api.md#send-sms); WhatsApp's SMS Fallback sends through it too. */
export const SEND_SMS_ENDPOINT = '/v1/message/send';

/** What a send goes out as: an SMS, a voice message (a call) or a WhatsApp message. */
export type Channel = 'sms' | 'voice' | 'whatsapp';
/** A channel's message in an error's words: "the WhatsApp message may already have been sent". */
export const CHANNEL_MESSAGE: Record<Channel, string> = {
	sms: 'SMS',
	voice: 'voice message',
	whatsapp: 'WhatsApp message',
};

/** What the parameters resolved to; a key that is present was set by the user (an additional field). */
export interface RawSendInput {
	sender?: unknown;
	to?: unknown;
	message?: unknown;
	date?: unknown;
	reference?: unknown;
	test?: unknown;
	subId?: unknown;
	language?: unknown;
	gender?: unknown;
	/** Present for a group send (Send To: Group): the group's ID instead of `to`. */
	groupId?: unknown;
	/** WhatsApp's own parameters (core/whatsapp/request.ts); a send without `message` (a template) sends none. */
	templateName?: unknown;
	variables?: unknown;
	buttonVariables?: unknown;
	headerMedia?: unknown;
	headerMediaUrl?: unknown;
	buttons?: unknown;
	buttonText?: unknown;
	sections?: unknown;
	header?: unknown;
	footer?: unknown;
}

export type SendField = keyof RawSendInput;

export interface SendContext {
	/** The account's time zone: schedule dates are written and judged in it. */
	timeZone: string;
	now: Date;
	defaultCountry?: Country;
	/** How the node version reads numbers (core/numbers/phone.ts); libphonenumber's valid numbers if not given. */
	numbers?: NumberRule;
}

export interface SendRequestBody {
	/** Absent only for a WhatsApp template, whose text is the template's. */
	message?: string;
	/** Numbers, or a group's ID with `type: "group"` (docs/contacts-and-groups.md). */
	to: string | string[];
	type?: 'group';
	sender?: string;
	date?: string;
	reference?: string;
	test?: boolean;
	subid?: string;
	language?: string;
	gender?: string;
	/** A channel's own fields, sent as they are (WhatsApp's: core/whatsapp/request.ts). */
	[channelField: string]: unknown;
}

type Checked<T> = { ok: true; value: T } | { ok: false; field: SendField; error: string };

/** Digits → the written forms that were merged into one recipient (only numbers written more than once). */
export type MergedRecipients = Record<string, string[]>;

export type BuildSendResult =
	| { ok: true; body: SendRequestBody; recipients: string[]; merged: MergedRecipients; length: SegmentCount }
	| { ok: false; field: SendField; error: string };

/** A refused field, thrown inside this module and returned as a result by its entry points. */
export class InputError extends Error {
	constructor(
		readonly field: SendField,
		message: string,
	) {
		super(message);
	}
}

/** Text, or a finite number written as text; anything else is refused with what it was. */
export function text(field: SendField, value: unknown): string {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw new InputError(field, `expected text but got ${got(value)}`);
}

/** An optional field: absent or '' means not set; a key present with null/undefined is an expression that found nothing. */
export function optionalText(input: RawSendInput, field: keyof RawSendInput): string | undefined {
	if (!(field in input)) return undefined;
	const value = text(field, input[field]);
	return value === '' ? undefined : value;
}

/**
 * The distinct recipients in the order first written: one number written several ways
 * (`+31 6 1234 5678, 0031 6 1234 5678`) is one recipient, sent once, and `merged` lists its forms.
 */
function recipients(value: unknown, context: SendContext): { numbers: string[]; merged: MergedRecipients } {
	const entries = Array.isArray(value) ? value : [value];
	if (entries.length === 0) throw new InputError('to', 'no recipient number given');
	const texts = entries.map((entry) => {
		// Whole numbers only: a number beyond 2^53 has already lost digits, a fraction is no phone number.
		if (typeof entry === 'number' && !Number.isSafeInteger(entry)) {
			throw new InputError('to', `the number ${entry} cannot be a phone number (write it as text)`);
		}
		return text('to', entry);
	});
	const parsed = readRecipients(texts, context.defaultCountry, context.numbers);
	if (!parsed.ok) throw new InputError('to', parsed.error);
	const forms = new Map<string, string[]>();
	for (const { digits, written } of parsed.recipients) forms.set(digits, [...(forms.get(digits) ?? []), written]);
	const merged: MergedRecipients = {};
	for (const [digits, written] of forms) if (written.length > 1) merged[digits] = written;
	return { numbers: [...forms.keys()], merged };
}

/** A group send's one "recipient" for the run (`group <id>`: its Retry On Fail memory and errors name it so) and the group's ID. */
function groupTarget(value: unknown): { numbers: string[]; merged: MergedRecipients; group: string } {
	const group = readGroupId(value);
	if (!group.ok) throw new InputError('groupId', group.error);
	return { numbers: [`group ${group.id}`], merged: {}, group: group.id };
}

function message(value: unknown): string {
	const content = text('message', value);
	if (content.trim() === '') throw new InputError('message', 'the message is empty');
	if (showsNothing(content)) throw new InputError('message', 'the message is empty: it has no visible characters');
	const tooLong = messageLengthProblem(content);
	if (tooLong) throw new InputError('message', tooLong);
	return content;
}

/** A date from an expression, as text (core/sending/schedule.ts reads every date field the same way). */
function scheduleText(value: unknown): string {
	const read = dateValueText(value);
	if (read === undefined) throw new InputError('date', `expected a date but got ${got(value)}`);
	if (!read.ok) throw new InputError('date', read.error);
	return read.text;
}

function schedule(input: RawSendInput, context: SendContext): string | undefined {
	if (!('date' in input)) return undefined;
	const date = scheduleText(input.date);
	if (date.trim() === '') return undefined;
	const formatted = formatScheduleDate(date, context.timeZone, context.now);
	if (!formatted.ok) throw new InputError('date', formatted.error);
	return formatted.date;
}

function reference(input: RawSendInput): string | undefined {
	const value = optionalText(input, 'reference');
	if (value !== undefined && value.length > MAX_REFERENCE_LENGTH) {
		throw new InputError(
			'reference',
			`the reference has ${value.length} characters; at most ${MAX_REFERENCE_LENGTH} are allowed`,
		);
	}
	return value;
}

function flag(input: RawSendInput, field: 'test'): boolean | undefined {
	if (!(field in input)) return undefined;
	const value = input[field];
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw new InputError(field, `expected true or false but got ${got(value)}`);
}

function sender(value: unknown): string {
	const name = text('sender', value);
	const problem = senderProblem(name);
	if (problem) throw new InputError('sender', problem);
	return name;
}

/** Runs `build`, turning the first refused field into a result. */
function check<T>(build: () => T): Checked<T> {
	try {
		return { ok: true, value: build() };
	} catch (error) {
		if (error instanceof InputError) return { ok: false, field: error.field, error: error.message };
		// The core imports nothing from n8n; the node wraps whatever reaches it in a NodeOperationError.
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		throw error;
	}
}

/**
 * The fields every send has (`to`, `message`, `date`, `reference`, `test`); `extra` adds the
 * operation's own fields (the SMS's sender and sub-account, the voice call's language and gender).
 */
export function buildSendRequest(
	input: RawSendInput,
	context: SendContext,
	extra: (input: RawSendInput) => Partial<SendRequestBody> = smsFields,
): BuildSendResult {
	const built = check(() => {
		const own = extra(input);
		const { numbers, merged, group } =
			'groupId' in input ? groupTarget(input.groupId) : { ...recipients(input.to, context), group: undefined };
		// A WhatsApp template has no message of its own (its operation reads none).
		const content = 'message' in input ? message(input.message) : undefined;
		const to = group ?? (numbers.length === 1 ? numbers[0] : numbers);
		const body: SendRequestBody = {
			...(content === undefined ? {} : { message: content }),
			to,
			...(group ? { type: 'group' as const } : {}),
			...own,
		};
		const date = schedule(input, context);
		if (date !== undefined) body.date = date;
		const ref = reference(input);
		if (ref !== undefined) body.reference = ref;
		const test = flag(input, 'test');
		if (test !== undefined) body.test = test;
		return { body, recipients: numbers, merged, length: countSegments(content ?? '') };
	});
	return built.ok ? { ok: true, ...built.value } : built;
}

/** The SMS's own fields: `sender` and the optional sub-account (WhatsApp's calls take them too). */
export function smsFields(input: RawSendInput): Partial<SendRequestBody> {
	const fields: Partial<SendRequestBody> = { sender: sender(input.sender) };
	const subId = optionalText(input, 'subId');
	if (subId !== undefined) fields.subid = subId;
	return fields;
}
