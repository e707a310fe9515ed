/**
 * The fields of a WhatsApp send (docs/whatsapp.md#the-calls) from the values the node's parameters resolved to,
 * refused field by field before anything is sent. `to`, `sender`, `date`, `reference`, `test` and `subid` are
 * every send's (core/sending/send.ts); these are the calls' own.
 */
import {
	InputError,
	optionalText,
	smsFields,
	text,
	type RawSendInput,
	type SendField,
	type SendRequestBody,
} from '../sending/send';
import { got } from '../values';
import { toWireList, listProblem, LIST_LIMITS, type ListRow, type ListSection } from './list-shape';
import {
	buttonsProblem,
	buttonVariableField,
	HEADER_MEDIA_TYPES,
	mediaUrlProblem,
	titleProblem,
	variableField,
	type HeaderMediaType,
} from './rules';

export type WhatsAppOperation = 'sendTemplate' | 'sendButtons' | 'sendList';

type Entry = Record<string, unknown>;

/** The entries of a fixedCollection (`{ values: [...] }`), or of a list an expression gave. */
function entries(field: SendField, value: unknown): Entry[] {
	if (value === undefined || value === null || value === '') return [];
	const list = Array.isArray(value) ? value : (value as { values?: unknown }).values;
	if (list === undefined) return [];
	if (!Array.isArray(list) || list.some((entry) => typeof entry !== 'object' || entry === null))
		throw new InputError(field, `expected a list of entries but got ${got(list)}`);
	return list as Entry[];
}

/** A required text, not empty; a refusal names `what` (one of a list's entries). */
function requiredText(field: SendField, value: unknown, what: string): string {
	if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
		throw new InputError(field, `${what}: expected text but got ${got(value)}`);
	const read = text(field, value);
	if (read.trim() === '') throw new InputError(field, `${what} is empty`);
	return read;
}

/** `variable1…` or `button_variable1…`, in order: every one given (a template fills each placeholder). */
function numbered(field: SendField, value: unknown, name: (position: number) => string): Record<string, string> {
	const fields: Record<string, string> = {};
	entries(field, value).forEach((entry, index) => {
		fields[name(index + 1)] = requiredText(field, entry.value, `variable ${index + 1}`);
	});
	return fields;
}

/** The template header's media: none, or an https URL sent as `image`, `video` or `document`. */
function headerMedia(input: RawSendInput): Record<string, string> {
	const type = input.headerMedia ?? 'none';
	if (type === 'none' || type === '') return {};
	if (!HEADER_MEDIA_TYPES.includes(type as HeaderMediaType))
		throw new InputError('headerMedia', `expected none, ${HEADER_MEDIA_TYPES.join(', ')} but got ${got(type)}`);
	const url = requiredText('headerMediaUrl', input.headerMediaUrl, 'the URL');
	const problem = mediaUrlProblem(url.trim());
	if (problem) throw new InputError('headerMediaUrl', problem);
	return { [type as HeaderMediaType]: url.trim() };
}

function template(input: RawSendInput): Partial<SendRequestBody> {
	return {
		template_name: requiredText('templateName', input.templateName, 'the template name'),
		...numbered('variables', input.variables, variableField),
		...numbered('buttonVariables', input.buttonVariables, buttonVariableField),
		...headerMedia(input),
	};
}

/** The optional `header` and `footer` of buttons and lists. */
function headerAndFooter(input: RawSendInput): Partial<SendRequestBody> {
	const fields: Partial<SendRequestBody> = {};
	for (const field of ['header', 'footer'] as const) {
		const value = optionalText(input, field);
		if (value !== undefined) fields[field] = value;
	}
	return fields;
}

function buttons(input: RawSendInput): Partial<SendRequestBody> {
	const list = entries('buttons', input.buttons).map((entry) => ({
		id: text('buttons', entry.id ?? ''),
		title: text('buttons', entry.title ?? ''),
	}));
	const problem = buttonsProblem(list);
	if (problem) throw new InputError('buttons', problem);
	return { buttons: list, ...headerAndFooter(input) };
}

function sections(input: RawSendInput): ListSection[] {
	return entries('sections', input.sections).map((section) => ({
		title: text('sections', section.title ?? ''),
		rows: entries('sections', section.rows).map((row): ListRow => {
			const description = text('sections', row.description ?? '');
			return {
				id: text('sections', row.id ?? ''),
				title: text('sections', row.title ?? ''),
				...(description ? { description } : {}),
			};
		}),
	}));
}

function list(input: RawSendInput): Partial<SendRequestBody> {
	const buttonText = requiredText('buttonText', input.buttonText, 'the button text');
	const tooLong = titleProblem(buttonText, LIST_LIMITS.buttonText);
	if (tooLong) throw new InputError('buttonText', tooLong);
	const read = sections(input);
	const problem = listProblem(read);
	if (problem) throw new InputError('sections', problem);
	return { button_text: buttonText, list: toWireList(read), ...headerAndFooter(input) };
}

const OWN_FIELDS: Record<WhatsAppOperation, (input: RawSendInput) => Partial<SendRequestBody>> = {
	sendTemplate: template,
	sendButtons: buttons,
	sendList: list,
};

/** The request fields of a WhatsApp operation besides `to`, `message` and the schedule: `sender`, `subid` and its own. */
export function whatsappFields(operation: WhatsAppOperation): (input: RawSendInput) => Partial<SendRequestBody> {
	return (input) => ({ ...smsFields(input), ...OWN_FIELDS[operation](input) });
}
