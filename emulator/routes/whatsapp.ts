/**
 * `POST /v1/whatsapp/send_template`, `/send_action` and `/send_list` (docs/whatsapp.md#the-calls, docs/emulator.md#whatsapp).
 * The fields and rules are core's (core/whatsapp/); the codes for what breaks them are those a maintained
 * third-party client lists: 139 missing or invalid parameters (an unknown template too), 140 a number without
 * WhatsApp, 137 a button or list message outside a number's 24-hour window. A template goes to one number.
 */
import { plainText } from '../../nodes/MessagingGateway/core/error-text';
import { messageLength, MAX_MESSAGE_LENGTH } from '../../nodes/MessagingGateway/core/sending/rules';
import { fromWireList, listProblem, LIST_LIMITS } from '../../nodes/MessagingGateway/core/whatsapp/list-shape';
import {
	buttonsProblem,
	buttonVariableField,
	countNumbered,
	HEADER_MEDIA_TYPES,
	mediaUrlProblem,
	titleProblem,
	variableField,
} from '../../nodes/MessagingGateway/core/whatsapp/rules';
import { apiError } from '../http';
import type { SendServices } from '../sending';
import { hasWhatsApp, windowOpen, type WhatsAppState } from '../whatsapp';
import { acceptSend, type MessageTemplate } from './accept';
import { isAbsent, readMessage, readRecipients, readReference, readScheduleDate, readSender } from './checks';

type Body = Record<string, unknown>;
type Answer = { status: number; body: unknown };

const invalid = (what: string) => apiError('139', `Missing or invalid parameters: ${what}`);

/** `header` and `footer`: absent, or texts. */
function readHeaderAndFooter(body: Body) {
	for (const field of ['header', 'footer']) {
		if (!isAbsent(body[field]) && typeof body[field] !== 'string') throw invalid(`${field} must be a text`);
	}
}

/** Every send's fields, the WhatsApp accounts of its numbers (140) and, for buttons and lists, their windows (137); then accepted. */
function accept(
	body: Body,
	services: SendServices,
	whatsapp: WhatsAppState,
	content: string,
	interactive: boolean,
): Answer {
	const sender = readSender(body.sender);
	const numbers = readRecipients(body.to);
	const scheduledFor = readScheduleDate(body.date, services.account.timezone);
	const reference = readReference(body.reference);
	const without = numbers.find((number) => !hasWhatsApp(number));
	if (without) throw apiError('140', `Invalid or missing WhatsApp Business account for ${without}`);
	const closed = interactive ? numbers.find((number) => !windowOpen(whatsapp, number)) : undefined;
	if (closed) throw apiError('137', `The 24H window is not open for ${closed}. Send a template message instead.`);
	const template: MessageTemplate = { messageType: 'whatsapp', sender, content, reference };
	if (typeof body.subid === 'string' || typeof body.subid === 'number') template.subid = String(body.subid);
	return acceptSend(
		{
			to: body.to,
			numbers,
			costEach: services.account.pricePerSegment,
			test: body.test === true,
			scheduledFor,
			template,
		},
		services,
	);
}

export function handleWhatsAppTemplate(body: Body, services: SendServices, whatsapp: WhatsAppState): Answer {
	if (typeof body.template_name !== 'string' || body.template_name === '') throw invalid('template_name is required');
	const template = whatsapp.templates.get(body.template_name);
	if (!template) throw invalid(`no approved template "${body.template_name}"`);
	if (Array.isArray(body.to) && body.to.length !== 1) throw invalid('a template goes to one number per request');
	const variables = countNumbered(body, variableField);
	if (variables !== template.variables)
		throw invalid(`template "${template.name}" takes ${template.variables} variables; got ${variables}`);
	const buttonVariables = countNumbered(body, buttonVariableField);
	if (buttonVariables !== template.buttonVariables)
		throw invalid(
			`template "${template.name}" takes ${template.buttonVariables} button variables; got ${buttonVariables}`,
		);
	for (const type of HEADER_MEDIA_TYPES) {
		const url = body[type];
		if (isAbsent(url) && type !== template.header) continue;
		if (type !== template.header) throw invalid(`template "${template.name}" has no ${type} header`);
		if (typeof url !== 'string' || mediaUrlProblem(url)) throw invalid(`${type} must be an https URL`);
	}
	if (template.header !== 'none' && isAbsent(body[template.header]))
		throw invalid(`template "${template.name}" needs ${template.header}`);
	return accept(body, services, whatsapp, `template:${template.name}`, false);
}

export function handleWhatsAppButtons(body: Body, services: SendServices, whatsapp: WhatsAppState): Answer {
	const message = readMessage(body.message);
	if (messageLength(message) > MAX_MESSAGE_LENGTH) throw apiError('118', 'Message too long');
	const buttons = body.buttons;
	if (!Array.isArray(buttons) || buttons.some((b: Body) => typeof b?.id !== 'string' || typeof b?.title !== 'string'))
		throw invalid('buttons must be a list of {id, title}');
	const problem = buttonsProblem(buttons as Array<{ id: string; title: string }>);
	if (problem) throw invalid(plainText(problem));
	readHeaderAndFooter(body);
	return accept(body, services, whatsapp, message, true);
}

export function handleWhatsAppList(body: Body, services: SendServices, whatsapp: WhatsAppState): Answer {
	const message = readMessage(body.message);
	if (messageLength(message) > MAX_MESSAGE_LENGTH) throw apiError('118', 'Message too long');
	if (typeof body.button_text !== 'string' || titleProblem(body.button_text, LIST_LIMITS.buttonText))
		throw invalid(`button_text must be a text of 1 to ${LIST_LIMITS.buttonText} characters`);
	const sections = fromWireList(body.list);
	if (!sections) throw invalid('list must be a list of {title, actions: [{id, title, description}]}');
	const problem = listProblem(sections);
	if (problem) throw invalid(plainText(problem));
	readHeaderAndFooter(body);
	return accept(body, services, whatsapp, message, true);
}
