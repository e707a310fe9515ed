/** What an item's parameters resolved to, as a send reads them: To (or a group), Message, Sender, Additional Fields. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { RawSendInput } from '../../../core/sending/send';
import type { SendOperation } from './operation';

export function readInput(ctx: IExecuteFunctions, operation: SendOperation, itemIndex: number): RawSendInput {
	const toGroup = operation.sendsToGroups === true && ctx.getNodeParameter('sendTo', itemIndex, 'numbers') === 'group';
	const input: RawSendInput = {
		...(operation.reads.includes('additionalFields')
			? (ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject)
			: {}),
		...(toGroup
			? { groupId: ctx.getNodeParameter('groupId', itemIndex, undefined, { extractValue: true }) }
			: { to: ctx.getNodeParameter('to', itemIndex, undefined) }),
		...(operation.withoutMessage ? {} : { message: ctx.getNodeParameter('message', itemIndex, undefined) }),
	};
	if (operation.reads.includes('sender'))
		input.sender = ctx.getNodeParameter('sender', itemIndex, undefined, { extractValue: true });
	return operation.prepare ? operation.prepare(ctx, itemIndex, input) : input;
}
