/**
 * The emulator's WhatsApp side (docs/emulator.md#whatsapp): the templates approved for the account (set through the
 * control API), the 24-hour window of each number (opened by an incoming WhatsApp message, Meta's rule), and the
 * numbers that have no WhatsApp (the emulator's choice: those ending in NO_WHATSAPP_SUFFIX).
 */
import { HEADER_MEDIA_TYPES, type HeaderMediaType } from '../nodes/MessagingGateway/core/whatsapp/rules';
import type { Fields } from './events';
import { controlError } from './http';

/** An approved template: how many body and button variables it fills, and its header's media type. */
export interface WhatsAppTemplate {
	name: string;
	variables: number;
	buttonVariables: number;
	header: 'none' | HeaderMediaType;
}

export interface WhatsAppState {
	templates: Map<string, WhatsAppTemplate>;
	/** Number → when its last WhatsApp message arrived (ms since the epoch). */
	lastReceived: Map<string, number>;
}

/** Interactive messages (buttons, lists) only within 24 hours of the person's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Numbers ending in this suffix have no WhatsApp account (sending answers 140); like the opt-out suffix 9131. */
export const NO_WHATSAPP_SUFFIX = '9140';

export const createWhatsApp = (): WhatsAppState => ({ templates: new Map(), lastReceived: new Map() });

export function resetWhatsApp(whatsapp: WhatsAppState) {
	whatsapp.templates.clear();
	whatsapp.lastReceived.clear();
}

export const hasWhatsApp = (number: string) => !number.endsWith(NO_WHATSAPP_SUFFIX);

export const windowOpen = (whatsapp: WhatsAppState, number: string, now = Date.now()) =>
	now - (whatsapp.lastReceived.get(number) ?? -Infinity) < WINDOW_MS;

/** What `GET /emulator/whatsapp` shows: the templates, and each number's window with when it closes. */
function whatsappAnswer(whatsapp: WhatsAppState) {
	return {
		templates: [...whatsapp.templates.values()],
		windows: Object.fromEntries(
			[...whatsapp.lastReceived].map(([number, at]) => [number, { closesAt: new Date(at + WINDOW_MS).toISOString() }]),
		),
	};
}

const count = (value: unknown, field: string): number => {
	if (value === undefined) return 0;
	if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
		throw controlError(`"${field}" must be a whole number from 0`);
	return value;
};

/** `PUT /emulator/whatsapp/templates`: `{templates: [{name, variables?, buttonVariables?, header? (none|image|video|document)}]}`. */
function readTemplates(body: Fields): WhatsAppTemplate[] {
	const list = body.templates;
	if (!Array.isArray(list))
		throw controlError('"templates" must be a list of {name, variables, buttonVariables, header}');
	return list.map((entry: Fields) => {
		if (typeof entry?.name !== 'string' || entry.name === '') throw controlError('every template needs a "name"');
		const header = entry.header ?? 'none';
		if (header !== 'none' && !HEADER_MEDIA_TYPES.includes(header as HeaderMediaType))
			throw controlError(`"header" must be none, ${HEADER_MEDIA_TYPES.join(', ')}`);
		return {
			name: entry.name,
			variables: count(entry.variables, 'variables'),
			buttonVariables: count(entry.buttonVariables, 'buttonVariables'),
			header: header as WhatsAppTemplate['header'],
		};
	});
}

/** Replaces the approved templates by those of a `PUT /emulator/whatsapp/templates`. */
function setTemplates(whatsapp: WhatsAppState, body: Fields) {
	const templates = readTemplates(body);
	whatsapp.templates.clear();
	for (const template of templates) whatsapp.templates.set(template.name, template);
	return whatsappAnswer(whatsapp);
}

type Control = { body: Fields; state: { whatsapp: WhatsAppState } };

/** The control routes of WhatsApp (routes/control.ts): the templates and windows, and setting the templates. */
export const WHATSAPP_CONTROL_ROUTES = {
	'GET /emulator/whatsapp': ({ state }: Control): [number, unknown] => [200, whatsappAnswer(state.whatsapp)],
	'PUT /emulator/whatsapp/templates': ({ body, state }: Control): [number, unknown] => [
		200,
		setTemplates(state.whatsapp, body),
	],
};
