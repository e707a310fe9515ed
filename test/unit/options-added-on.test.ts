/**
 * An option added from Add Option to switch something on is on when it appears (as Stop if Funds Are Short is): SMS
 * Fallback came in off, so the run failed again with the refusal whose advice named the option just added. Read from
 * the action node's description (every version's options), as n8n's editor reads an option's default when it is added.
 */
import type { INodeProperties, INodePropertyCollection, INodeTypeDescription } from 'n8n-workflow';

import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';

/** Switches that are off when added, each with why: it loosens a safety check, or false is a value of its own. */
const OFF_WHEN_ADDED: Record<string, string> = {
	acceptUnrecognizedNumbers: 'loosens the number check: turning it on takes a second, deliberate click',
	preferDefaultCountry:
		'chooses one of two numbers for digits that are both: turning it on takes a second, deliberate click',
	unsubscribed: "a contact's state, where false (subscribed) is as much a value as true",
};

function switchesOf(properties: readonly INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		if (property.type !== 'collection' && property.type !== 'fixedCollection') return [];
		return (property.options ?? []).flatMap((option) => {
			if ('values' in option) return switchesOf((option as INodePropertyCollection).values);
			const child = option as INodeProperties;
			return child.type === 'boolean' ? [child] : [];
		});
	});
}

const description: INodeTypeDescription = new MessagingGateway().description;
const switches = switchesOf(description.properties);

test("the action node's optional switches, of every version, include SMS Fallback and Test Mode", () => {
	expect(switches.map((option) => option.name)).toEqual(expect.arrayContaining(['smsFallback', 'test']));
});

test('every optional switch is on when added from Add Option, but those that loosen a check or are a value', () => {
	const offWhenAdded = [...new Set(switches.filter((option) => option.default !== true).map((option) => option.name))];
	expect(offWhenAdded.sort()).toEqual(Object.keys(OFF_WHEN_ADDED).sort());
});
