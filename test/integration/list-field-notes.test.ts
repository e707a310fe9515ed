/**
 * Each list operation's notice names the fields its items carry, as the gateway names them (nothing
 * renamed): the operations run in n8n-core's real WorkflowExecute against the emulator over HTTP. The
 * expected names are the gateway's documented ones (docs/inbox-and-history.md, POST /v1/contact's `groupid`).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { MessagingGateway } from '../../nodes/MessagingGateway/MessagingGateway.node';
import { useEmulator } from '../support/emulator';
import { runAction } from '../support/run';
import { emulatorClient } from '../support/emulator-client';

const gateway = useEmulator();
const PHONE = '31612000031';

const { control } = emulatorClient(() => gateway.emulator);

/** The notice shown for this resource and operation. */
function noticeOf(resource: string, operation: string): string {
	const shown = (property: INodeProperties) =>
		property.displayOptions?.show?.resource?.includes(resource) &&
		property.displayOptions.show.operation?.includes(operation);
	const notices = new MessagingGateway().description.properties.filter(
		(property) => property.type === 'notice' && shown(property),
	);
	expect(notices).toHaveLength(1);
	return notices[0].displayName;
}

const LISTS: Array<{ name: string; parameters: IDataObject; fields: string[] }> = [
	{
		name: 'Inbox → Get Many',
		parameters: { resource: 'inbox', operation: 'getAll' },
		fields: ['ID', 'message', 'sender', 'receiver', 'type', 'date'],
	},
	{
		name: 'Conversation → Get',
		parameters: { resource: 'conversation', operation: 'get', phone: `+${PHONE}` },
		fields: ['messageId', 'direction', 'sender', 'receiver', 'message', 'datetime', 'unixDatetime', 'deliveryStatus'],
	},
	{
		name: 'Message → Get Many',
		parameters: { resource: 'message', operation: 'getAll' },
		fields: ['ID', 'message', 'to', 'sender', 'date', 'amount', 'type', 'status'],
	},
	{
		name: 'Contact → Get Many',
		parameters: { resource: 'contact', operation: 'getAll' },
		fields: ['phone', 'groupid'],
	},
	{ name: 'Group → Get Many', parameters: { resource: 'group', operation: 'getAll' }, fields: ['ID', 'name'] },
];

beforeAll(async () => {
	await control('POST', '/emulator/inbound', { from: PHONE, content: 'Hello' });
	const sent = await runAction(
		{ resource: 'message', operation: 'send', sender: 'Shop', to: `+${PHONE}`, message: 'Hi' },
		[{}],
		gateway.credentials,
		{},
	);
	expect(sent.error).toBeUndefined();
	const contact = await runAction(
		{
			resource: 'contact',
			operation: 'create',
			phone: `+${PHONE}`,
			groupId: { __rl: true, mode: 'id', value: '4821' },
		},
		[{}],
		gateway.credentials,
		{},
	);
	expect(contact.error).toBeUndefined();
});

test.each(LISTS)(
	"$name: its items carry the fields its notice names, with the gateway's names",
	async ({ parameters, fields }) => {
		const notice = noticeOf(parameters.resource as string, parameters.operation as string);
		for (const field of fields)
			expect({ field, named: new RegExp(`\\b${field}\\b`).test(notice) }).toEqual({ field, named: true });
		const run = await runAction({ ...parameters, returnAll: true }, [{}], gateway.credentials, {});
		expect(run.error).toBeUndefined();
		expect(run.items.length).toBeGreaterThan(0);
		for (const item of run.items) expect(Object.keys(item.json)).toEqual(expect.arrayContaining(fields));
	},
);

test("the relations the notices state hold: a contact's groupid is a group's ID; Send To Group outputs that ID as groupId", async () => {
	expect(noticeOf('contact', 'getAll')).toContain('Send To Group outputs as groupId');
	const [group] = (
		await runAction({ resource: 'group', operation: 'getAll', returnAll: true }, [{}], gateway.credentials, {})
	).items;
	const contacts = (
		await runAction({ resource: 'contact', operation: 'getAll', returnAll: true }, [{}], gateway.credentials, {})
	).items;
	expect(contacts.map((item) => item.json.groupid)).toContain(group.json.ID);
	const groupSend = await runAction(
		{
			resource: 'message',
			operation: 'send',
			sender: 'Shop',
			sendTo: 'group',
			groupId: { __rl: true, mode: 'id', value: group.json.ID },
			message: 'Hi all',
		},
		[{}],
		gateway.credentials,
		{},
	);
	expect(groupSend.error).toBeUndefined();
	expect(groupSend.items[0].json.groupId).toBe(group.json.ID);
});
