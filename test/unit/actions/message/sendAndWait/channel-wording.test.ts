/**
 * What the panel of Send and Wait for Response says with Channel WhatsApp Buttons, judged by n8n-workflow's own
 * NodeHelpers.displayParameter over the action node's description in every node version: no field, choice or notice
 * shown then speaks of the question as an SMS. It says SMS only of what is an SMS on that channel too
 * (docs/send-and-wait.md#whatsapp-buttons): the SMS question sent when WhatsApp refuses the number, the Unclear Reply
 * Reminder, the Channel's own choice SMS, the operation's two ways of asking, and the docs page "SMS assistants".
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
} from 'n8n-workflow';

import { MessagingGateway } from '../../../../../nodes/MessagingGateway/MessagingGateway.node';

const description = new MessagingGateway().description;
const VERSIONS = description.version as number[];
const ON_WHATSAPP: INodeParameters = {
	resource: 'message',
	operation: 'sendAndWait',
	responseType: 'approval',
	options: { channel: 'whatsappButtons' },
};

/** The panel's words that say SMS of an SMS that goes out with WhatsApp Buttons too. */
const SMS_ON_WHATSAPP_TOO = [
	'by SMS or WhatsApp buttons',
	'the SMS question when WhatsApp refuses the number',
	'keeps an SMS GSM-7: the question sent as an SMS (with Channel WhatsApp Buttons only when WhatsApp refuses the number',
	'the Unclear Reply Reminder is an SMS',
	'Text sent back as an SMS (on either Channel)',
	'(docs: SMS assistants)',
];

/** The choices a dropdown shows of this operation: the Operation's own entry, the Channel's other than SMS itself. */
function choicesOf(property: INodeProperties): INodePropertyOptions[] {
	const choices = (property.options ?? []).filter((option): option is INodePropertyOptions => 'value' in option);
	if (property.name === 'operation') return choices.filter((choice) => choice.value === 'sendAndWait');
	return property.name === 'channel' ? choices.filter((choice) => choice.value !== 'sms') : choices;
}

function textsOf(property: INodeProperties): string[] {
	const modes = property.modes ?? [];
	return [
		property.displayName,
		property.description,
		property.placeholder,
		property.hint,
		...modes.flatMap((mode) => [mode.displayName, mode.placeholder, mode.hint]),
		...choicesOf(property).flatMap((choice) => [choice.name, choice.description, choice.action]),
	].filter((text): text is string => typeof text === 'string' && text !== '');
}

type Shown = { path: string; texts: string[] };

/** Every property n8n shows at a level holding `values`, the node's being ON_WHATSAPP, with the entries of its collections. */
function shown(properties: INodeProperties[], values: INodeParameters, node: INode, path = ''): Shown[] {
	return properties
		.filter((property) => NodeHelpers.displayParameter(values, property, node, description, ON_WHATSAPP))
		.flatMap((property) => {
			const here = `${path}${property.name}`;
			const value = (values[property.name] ?? property.default ?? {}) as INodeParameters;
			const entries =
				property.type === 'collection'
					? shown(property.options as INodeProperties[], value, node, `${here}.`)
					: property.type === 'fixedCollection'
						? (property.options as INodePropertyCollection[]).flatMap((group) =>
								shown(group.values, (value[group.name] ?? {}) as INodeParameters, node, `${here}.${group.name}.`),
							)
						: [];
			return [{ path: here, texts: textsOf(property) }, ...entries];
		});
}

const panels = VERSIONS.map((typeVersion) => {
	const node = { name: 'Ask', type: description.name, typeVersion, parameters: ON_WHATSAPP } as unknown as INode;
	return { typeVersion, panel: shown(description.properties, ON_WHATSAPP, node) };
});

test.each(panels)('version $typeVersion: the panel with WhatsApp Buttons is the question’s', ({ panel }) => {
	expect(panel.map((property) => property.path)).toEqual(
		expect.arrayContaining(['operation', 'sender', 'to', 'message', 'responseType', 'options.channel']),
	);
});

test.each(panels)(
	'version $typeVersion: nothing shown with WhatsApp Buttons calls the question an SMS',
	({ panel }) => {
		const saysSms = panel.flatMap(({ path, texts }) =>
			texts
				.filter((text) => /\bSMS\b/.test(SMS_ON_WHATSAPP_TOO.reduce((rest, words) => rest.split(words).join(''), text)))
				.map((text) => `${path}: ${text}`),
		);
		expect(saysSms).toEqual([]);
	},
);

test('every SMS the panel names with WhatsApp Buttons is shown there', () => {
	const texts = panels.at(-1)!.panel.flatMap((property) => property.texts);
	expect(SMS_ON_WHATSAPP_TOO.filter((words) => !texts.some((text) => text.includes(words)))).toEqual([]);
});
