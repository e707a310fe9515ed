import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { inboxCall } from '../../core/records/lists';
import { fieldNotice } from '../fieldNotes';
import { getManyFields, getManyPerItem, listQueryOf } from '../paging';
import { bareNumberRule } from '../perItem';

const show = { resource: ['inbox'], operation: ['getAll'] };

/** The inbox filters; the Inbox Trigger shows the same ones. */
export const inboxFilters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{
			displayName: 'Inbox Number',
			name: 'inboxNumber',
			type: 'string',
			default: '',
			placeholder: 'e.g. +31 970 1000 0001',
			description: 'Only messages received on this number of the account (international format); empty: all numbers',
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			default: 'sms',
			options: [
				{ name: 'Call', value: 'call', description: 'Forwarded calls' },
				{ name: 'SMS', value: 'sms' },
				{ name: 'WhatsApp', value: 'whatsapp' },
			],
			description: 'Only received messages of this kind',
		},
	],
};

export const description: INodeProperties[] = [fieldNotice('inbox', show), ...getManyFields(show), { ...inboxFilters, displayOptions: { show } }];

/** `GET /v1/message/inbox[/{inbox_nr}]`: one output item per received message, as the gateway lists it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await getManyPerItem.call(this, (itemIndex) => {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		return listQueryOf(this, inboxCall(filters, bareNumberRule(this)), itemIndex);
	});
}
